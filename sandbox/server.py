"""HTTP/1.1 with keep-alive over the standard library. Each response leaves in one send on a
TCP_NODELAY socket: split writes on a Nagle socket cost a keep-alive client ~40 ms a request."""
import http.server
import socket
import socketserver
import ssl
import time
from http import HTTPStatus

MAX_DISCARD = 16 * 1024 * 1024   # a larger refused body closes the connection instead of being read


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "mps-sandbox"
    sys_version = ""

    def setup(self):
        self.request.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        if self.server.tls is not None:
            # The handshake runs on the connection's own thread: a slow or refusing client holds
            # up no one else.
            self.request.do_handshake()
        super().setup()

    def log_message(self, format, *args):
        if self.server.verbose:
            super().log_message(format, *args)

    def _serve(self):
        started, cpu = time.perf_counter(), time.thread_time()
        length = int(self.headers.get("Content-Length") or 0)
        app = self.server.app
        if length > MAX_DISCARD:
            self._send(413, b"", "text/plain", {}, close=True)
            return
        body = self.rfile.read(length) if length > 0 else b""
        headers = {k.lower(): v for k, v in self.headers.items()}
        response = app.handle(self.command, self.path, headers, body)
        if response.close:
            self.close_connection = True
            try:
                self.connection.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            return
        self._send(response.status, response.body, response.content_type, response.headers)
        if app.hooks is not None and app.hooks.timing and self.path.startswith("/graphql"):
            app.hooks.time_request(started, time.perf_counter(), time.thread_time() - cpu, length, len(response.body))

    do_GET = _serve
    do_POST = _serve
    do_PUT = _serve
    do_DELETE = _serve

    def _send(self, status, body, content_type, extra, close=False):
        reason = HTTPStatus(status).phrase if status in HTTPStatus._value2member_map_ else ""
        lines = [f"HTTP/1.1 {status} {reason}", f"Content-Type: {content_type}", f"Content-Length: {len(body)}",
                 "Connection: close" if close or self.close_connection else "Connection: keep-alive"]
        lines += [f"{k}: {v}" for k, v in extra.items()]
        self.wfile.write(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body)
        if close:
            self.close_connection = True


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 128

    def __init__(self, address, app, verbose=False, tls=None):
        self.app = app
        self.verbose = verbose
        self.tls = tls
        family = socket.AF_INET6 if ":" in address[0] else socket.AF_INET
        self.address_family = family
        super().__init__(address, Handler)

    def get_request(self):
        sock, address = self.socket.accept()
        if self.tls is None:
            return sock, address
        return self.tls.wrap_socket(sock, server_side=True, do_handshake_on_connect=False), address

    def handle_error(self, request, client_address):
        # A client that refuses the certificate, or drops the connection, is no server error.
        import sys
        if not isinstance(sys.exc_info()[1], (ssl.SSLError, ConnectionError)):
            super().handle_error(request, client_address)
