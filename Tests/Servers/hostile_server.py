"""Small servers that stand in for the hostile parts of a real network, for roster's end-to-end tests.

python3 Tests/Servers/hostile_server.py MODE [ARGS] --log FILE

  record                    answers every request with HTTP 200 and an empty GraphQL answer
  redirect CODE LOCATION    answers every request with CODE and `Location: LOCATION`
  drip                      sends a status line, then one byte every half second, forever
  huge BYTES [--length]     answers with BYTES bytes of body (with Content-Length or without)
  tls CERT KEY              a TLS server that counts handshakes, then answers like `record`
  proxy                     an HTTP proxy that tunnels CONNECT (https) and logs what it saw
  echo CODE                 answers with CODE and a body that echoes the request's Authorization
                            header and the token in it (a misconfigured proxy's error page; with
                            200, as a GraphQL error)

Prints its URL on the first line of standard output once it accepts connections. Every request
or connection is logged as one JSON line in FILE: {"event", "path", "authorization", ...}.
"""
import argparse
import json
import select
import socket
import ssl
import sys
import threading
import time


LOG_LOCK = threading.Lock()


def log(args, **event):
    with LOG_LOCK:
        with open(args.log, "a") as f:
            f.write(json.dumps(event) + "\n")


def read_request(conn):
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = conn.recv(65536)
        if not chunk:
            return None, {}, b""
        data += chunk
    head, _, rest = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    length = int(headers.get("content-length") or 0)
    while len(rest) < length:
        chunk = conn.recv(65536)
        if not chunk:
            break
        rest += chunk
    return lines[0], headers, rest


def answer(conn, status, body=b"", extra=()):
    lines = [f"HTTP/1.1 {status} X", f"Content-Length: {len(body)}", "Content-Type: application/json",
             "Connection: close", *extra]
    conn.sendall(("\r\n".join(lines) + "\r\n\r\n").encode() + body)


def serve_http(args, conn):
    line, headers, _ = read_request(conn)
    if line is None:
        return
    log(args, event="request", line=line, authorization=headers.get("authorization"), host=headers.get("host"))
    if args.mode == "redirect":
        answer(conn, int(args.rest[0]), extra=[f"Location: {args.rest[1]}"])
    elif args.mode == "drip":
        conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100000000\r\n\r\n")
        while True:
            conn.sendall(b" ")
            time.sleep(0.5)
    elif args.mode == "huge":
        send_huge(conn, int(args.rest[0]), "--length" in args.rest)
    elif args.mode == "echo":
        sent = headers.get("authorization") or ""
        token = sent.partition(" ")[2]
        if args.rest[0] == "200":
            message = f"denied: Authorization: {sent} (token {token})"
            answer(conn, 200, json.dumps({"errors": [{"message": message}], "data": None}).encode())
        else:
            page = f"<html>Bad gateway. You sent: Authorization: {sent}; token={token}</html>"
            answer(conn, int(args.rest[0]), page.encode())
    else:
        answer(conn, 200, b'{"data": {"users": [], "teams": [], "spaceMembers": []}}')


def send_huge(conn, size, with_length):
    head = ["HTTP/1.1 200 OK", "Content-Type: application/json", "Connection: close"]
    if with_length:
        head.append(f"Content-Length: {size}")
    conn.sendall(("\r\n".join(head) + "\r\n\r\n").encode())
    block = b"[" + b" " * (1024 * 1024 - 1)
    sent = 0
    while sent < size:
        conn.sendall(block[: min(len(block), size - sent)])
        sent += len(block)


def serve_tls(args, conn, context):
    log(args, event="connection")
    try:
        conn = context.wrap_socket(conn, server_side=True)
    except (ssl.SSLError, OSError) as error:
        log(args, event="handshake-failed", detail=str(error))
        return
    log(args, event="handshake")
    serve_http(args, conn)


def serve_proxy(args, conn):
    line, headers, _ = read_request(conn)
    if line is None:
        return
    method, target, _ = line.split(" ", 2)
    log(args, event="proxy", method=method, target=target, authorization=headers.get("authorization"))
    if method != "CONNECT":
        answer(conn, 502)
        return
    host, _, port = target.rpartition(":")
    upstream = socket.create_connection((host.strip("[]"), int(port)))
    conn.sendall(b"HTTP/1.1 200 Connection established\r\n\r\n")
    pipe(conn, upstream)


def pipe(a, b):
    sockets = [a, b]
    while True:
        ready, _, _ = select.select(sockets, [], [], 30)
        if not ready:
            return
        for s in ready:
            data = s.recv(65536)
            if not data:
                return
            (b if s is a else a).sendall(data)


def handle(args, conn, context):
    try:
        if args.mode == "tls":
            serve_tls(args, conn, context)
        elif args.mode == "proxy":
            serve_proxy(args, conn)
        else:
            serve_http(args, conn)
    except OSError:
        pass
    finally:
        conn.close()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("mode", choices=["record", "redirect", "drip", "huge", "tls", "proxy", "echo"])
    parser.add_argument("rest", nargs="*")
    parser.add_argument("--log", required=True)
    args, unknown = parser.parse_known_args()
    args.rest += unknown
    context = None
    if args.mode == "tls":
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(args.rest[0], args.rest[1])
    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(64)
    scheme = "https" if args.mode == "tls" else "http"
    print(f"{scheme}://127.0.0.1:{listener.getsockname()[1]}/graphql", flush=True)
    while True:
        conn, _ = listener.accept()
        threading.Thread(target=handle, args=(args, conn, context), daemon=True).start()


if __name__ == "__main__":
    sys.exit(main())
