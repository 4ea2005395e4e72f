"""python3 -m sandbox --port 0 --db FILE|:memory: --token TOKEN[:USER_ID[:NAME]] … [--no-seed] [--test-hooks]
[--tls-cert PEM --tls-key PEM]

Starts the MPS sandbox; prints its GraphQL URL on standard output once it accepts connections,
and stops cleanly on SIGTERM or SIGINT."""
import argparse
import signal
import ssl
import sys
import threading

from .app import MPSApp
from .server import Server


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python3 -m sandbox", description="A local MPS server for roster's demo and tests.")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=4000, help="0 picks a free port")
    parser.add_argument("--db", default=":memory:", help="SQLite file, or :memory:")
    parser.add_argument("--token", action="append", default=[], metavar="TOKEN[:USER_ID[:NAME]]",
                        help="a session token to accept (repeatable); its auth user owns a space")
    parser.add_argument("--no-seed", action="store_true", help="do not seed new owners' spaces with the demo data")
    parser.add_argument("--test-hooks", action="store_true", help="serve /__sandbox/ state, fault and audit hooks")
    parser.add_argument("--introspection", action="store_true", help="allow __schema and __type queries")
    parser.add_argument("--latency", type=float, default=0, metavar="MS",
                        help="add MS milliseconds to every /graphql response, as a network round trip would")
    parser.add_argument("--verbose", action="store_true", help="log each request on standard error")
    parser.add_argument("--tls-cert", metavar="PEM", help="serve https with this certificate (chain) …")
    parser.add_argument("--tls-key", metavar="PEM", help="… and this private key")
    parser.add_argument("--schema", choices=["current", "newer", "older"], default="current",
                        help="serve a newer MPS (one more job level and craft) or an older one (no level start dates, "
                             "no level limits)")
    args = parser.parse_args(argv)
    if bool(args.tls_cert) != bool(args.tls_key):
        parser.error("--tls-cert and --tls-key go together")

    app = MPSApp(args.db, args.token, seed=not args.no_seed, test_hooks=args.test_hooks, introspection=args.introspection,
                 latency=args.latency / 1000, schema=args.schema)
    tls = None
    if args.tls_cert:
        tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        tls.load_cert_chain(args.tls_cert, args.tls_key)
    server = Server((args.host, args.port), app, verbose=args.verbose, tls=tls)
    host, port = server.server_address[:2]
    shown = f"[{host}]" if ":" in host else host

    def stop(*_):
        threading.Thread(target=server.shutdown, daemon=True).start()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    # A parent may start us with these signals blocked (Foundation's Process on Linux does,
    # from a worker thread): a server must stay stoppable whatever mask it inherits.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    print(f"{'https' if tls else 'http'}://{shown}:{port}/graphql", flush=True)
    server.serve_forever(poll_interval=0.2)
    server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
