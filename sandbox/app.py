"""The MPS GraphQL endpoint and auth endpoints as pure request → response logic; the HTTP
server in server.py only moves bytes."""
import collections
import json
import os
import threading
import time

from graphql import GraphQLError, build_schema, execute, parse, validate
from graphql.error import GraphQLSyntaxError
from graphql.validation import ValidationRule, specified_rules

from . import resolvers
from .execution import SandboxExecutionContext
from .hooks import Hooks
from .store import CRAFT_FROM_DB, CRAFT_TO_DB, Store

BODY_LIMIT = 100 * 1024          # Express body-parser's "100kb"
AUTH_RATE_WINDOW = 10.0          # Better Auth's default rate limit: 100 requests per 10 s
AUTH_RATE_MAX = 100
DOCUMENT_CACHE_SIZE = 500        # validated documents kept, most recently used

PAYLOAD_TOO_LARGE = (b"<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>Error</title>\n</head>\n"
                     b"<body>\n<pre>PayloadTooLargeError: request entity too large</pre>\n</body>\n</html>\n")


class NoIntrospection(ValidationRule):
    """Apollo Server's production setting: __schema and __type are refused in validation."""

    def enter_field(self, node, *_):
        if node.name.value in ("__schema", "__type"):
            self.report_error(GraphQLError(
                "GraphQL introspection is not allowed by Apollo Server, but the query contained __schema or __type. "
                "To enable introspection, pass introspection: true to ApolloServer in production", node))


class Response:
    def __init__(self, status, body, content_type="application/json; charset=utf-8", headers=None, close=False, run_then_close=False):
        self.status = status
        self.body = body
        self.content_type = content_type
        self.headers = headers or {}
        self.close = close
        self.run_then_close = run_then_close


def json_response(status, value, headers=None):
    return Response(status, json.dumps(value, separators=(",", ":")).encode(), headers=headers)


NEWER_LEVELS = ["Distinguished"]
NEWER_CRAFTS = ["Security"]


def schema_version(text, version):
    """The schema of an MPS deployment other than today's. "newer": one more job level and one more
    craft (as a deployment newer than roster has them); "older": before level start dates and level
    limits (as an old self-hosted deployment is), so a query asking for them is refused."""
    if version == "newer":
        text = text.replace("  Principal\n}", "  Principal\n" + "".join(f"  {v}\n" for v in NEWER_LEVELS) + "}")
        text = text.replace("  DataScience\n}", "  DataScience\n" + "".join(f"  {v}\n" for v in NEWER_CRAFTS) + "}")
        for craft in NEWER_CRAFTS:
            CRAFT_TO_DB[craft] = craft
            CRAFT_FROM_DB[craft] = craft
    elif version == "older":
        text = text.replace("  levelStartDate: String\n", "")
        text = text.replace("  jobLevelLimits: [JobLevelLimit!]!\n", "")
        text = text.replace("  setJobLevelLimit(jobLevel: JobLevel!, limitMonths: Int!): JobLevelLimit!\n", "")
    return text


class MPSApp:
    def __init__(self, db_path=":memory:", tokens=(), seed=True, test_hooks=False, introspection=False, latency=0.0,
                 schema="current"):
        self.store = Store(db_path)
        self.latency = latency
        self.seed = seed
        self.introspection = introspection
        self.hooks = Hooks(self.store) if test_hooks else None
        self.seen_users = set()          # users whose first request in this process has happened
        # Apollo Server 4 keeps parsed and validated documents in an LRU cache keyed by the query
        # text, so a query sent again skips parsing and validation: so does the sandbox.
        self.documents = collections.OrderedDict()
        self.documents_lock = threading.Lock()
        self.rate = {}
        self.rate_lock = threading.Lock()
        with open(os.path.join(os.path.dirname(__file__), "schema.graphql"), encoding="utf-8") as f:
            self.schema = build_schema(schema_version(f.read(), schema))
        for name, fn in resolvers.QUERIES.items():
            if name in self.schema.query_type.fields:
                self.schema.query_type.fields[name].resolve = fn
        for name, fn in resolvers.MUTATIONS.items():
            if name in self.schema.mutation_type.fields:
                self.schema.mutation_type.fields[name].resolve = self._mutation(name, fn)
        for spec in tokens:
            parts = spec.split(":")
            self.store.add_token(parts[0], parts[1] if len(parts) > 1 and parts[1] else None, parts[2] if len(parts) > 2 else None)

    def _mutation(self, name, fn):
        """Wraps a mutation resolver with the fault injection and the audit log of the hooks."""
        def resolve(root, info, **args):
            hooks = info.context.hooks
            if hooks is None:
                return fn(root, info, **args)
            injected = hooks.next_mutation()
            try:
                if injected is not None:
                    raise GraphQLError(injected)
                result = fn(root, info, **args)
            except GraphQLError as error:
                hooks.audit_record(info.context.space_id, name, args, error.message)
                raise
            hooks.audit_record(info.context.space_id, name, args, None)
            return result
        return resolve

    # --- sessions -----------------------------------------------------------------------------
    def _session(self, headers):
        auth = headers.get("authorization", "")
        token = auth[7:].strip() if auth.lower().startswith("bearer ") else None
        session = self.store.session(token)
        if session is not None and session["id"] not in self.seen_users:
            # Seeding happens on the caller's first authenticated request of this process and
            # targets the caller's own space, whatever x-space-id says.
            self.seen_users.add(session["id"])
            if self.seed and self.store.people_count(session["id"]) == 0:
                self.store.seed_demo(session["id"])
        return token, session

    # --- HTTP entry point ---------------------------------------------------------------------
    def handle(self, method, path, headers, body):
        path = path.split("?", 1)[0]
        if path == "/graphql":
            if method != "POST":
                return json_response(405, {"errors": [{"message": "Use POST for GraphQL requests", "extensions": {"code": "BAD_REQUEST"}}]})
            return self.graphql(headers, body)
        if path.startswith("/api/auth/"):
            return self.auth(method, path, headers)
        if self.hooks is not None and path.startswith("/__sandbox/"):
            return self.test_hook(method, path, body)
        if path == "/health":
            return json_response(200, {"ok": True})
        return Response(404, b"Not Found", "text/plain; charset=utf-8")

    def graphql(self, headers, body):
        if self.latency:
            time.sleep(self.latency)
        if self.hooks is not None:
            self.hooks.record(body)
            faults = self.hooks.next_request(len(body), _is_mutation(body))
            for fault in faults:
                if fault["kind"] == "late":
                    # The client's connection drops at once; the request runs later, as one that
                    # sat in a queue behind a proxy that gave up on it.
                    self._run_later(headers, body, fault.get("ms", 1000) / 1000)
                    return Response(0, b"", close=True)
            for fault in faults:
                if fault["kind"] == "delay":
                    # Held before it runs, as a request queued on a busy server; then it runs.
                    self.hooks.hold(1)
                    try:
                        time.sleep(fault.get("ms", 100) / 1000)
                    finally:
                        self.hooks.hold(-1)
            for fault in faults:
                if fault["kind"] == "status":
                    extra = {}
                    if "retryAfter" in fault:
                        extra["Retry-After"] = str(fault["retryAfter"])
                    status = int(fault["status"])
                    if status == 413:
                        return Response(413, PAYLOAD_TOO_LARGE, "text/html; charset=utf-8")
                    if status == 400:
                        return json_response(400, {"errors": [{"message": "Syntax Error: Unexpected <EOF>.",
                                                               "extensions": {"code": "GRAPHQL_PARSE_FAILED"}}]})
                    return Response(status, b'{"errors":[{"message":"Service Unavailable"}]}', headers=extra)
                if fault["kind"] == "close-before":
                    return Response(0, b"", close=True)
            run_then_close = any(f["kind"] == "close-after" for f in faults)
        else:
            run_then_close = False
        response = self._graphql(headers, body)
        if run_then_close:
            return Response(0, b"", close=True, run_then_close=True)
        return response

    def _run_later(self, headers, body, seconds):
        self.hooks.hold(1)

        def run():
            try:
                time.sleep(seconds)
                self._graphql(headers, body)
            finally:
                self.hooks.hold(-1)
        threading.Thread(target=run, daemon=True).start()

    def _graphql(self, headers, body):
        if len(body) > BODY_LIMIT:
            return Response(413, PAYLOAD_TOO_LARGE, "text/html; charset=utf-8")
        try:
            payload = json.loads(body)
        except ValueError:
            return json_response(400, {"errors": [{"message": "POST body contained invalid JSON", "extensions": {"code": "BAD_REQUEST"}}]})
        if isinstance(payload, list):
            return json_response(400, {"errors": [{"message": "Operation batching disabled.", "extensions": {"code": "BAD_REQUEST"}}]})
        if not isinstance(payload, dict) or not isinstance(payload.get("query"), str):
            return json_response(400, {"errors": [{"message": "GraphQL operations must contain a non-empty `query` or a `persistedQuery` extension.",
                                                   "extensions": {"code": "BAD_REQUEST"}}]})
        variables = payload.get("variables") or {}
        if not isinstance(variables, dict):
            return json_response(400, {"errors": [{"message": "`variables` in a POST body should be an object if provided.",
                                                   "extensions": {"code": "BAD_REQUEST"}}]})
        query = payload["query"]
        with self.documents_lock:
            document = self.documents.get(query)
            if document is not None:
                self.documents.move_to_end(query)
        if document is None:
            try:
                document = parse(query)
            except GraphQLSyntaxError as error:
                return json_response(400, {"errors": [dict(error.formatted, extensions={"code": "GRAPHQL_PARSE_FAILED"})]})
            rules = list(specified_rules) + ([] if self.introspection else [NoIntrospection])
            errors = validate(self.schema, document, rules)
            if errors:
                return json_response(400, {"errors": [dict(e.formatted, extensions={"code": "GRAPHQL_VALIDATION_FAILED"}) for e in errors]})
            with self.documents_lock:
                self.documents[query] = document
                while len(self.documents) > DOCUMENT_CACHE_SIZE:
                    self.documents.popitem(last=False)
        with self.store.lock:
            # One SQLite transaction per request, committed whatever happens: a failed statement
            # is rolled back alone (as a failed query is on the real server), everything before it
            # stays, exactly as without the transaction, only without a commit per statement.
            self.store.db.execute("BEGIN")
            try:
                _, session = self._session(headers)
                context = resolvers.RequestContext(self.store, session, headers.get("x-space-id"), self.hooks)
                result = execute(self.schema, document, variable_values=variables, operation_name=payload.get("operationName"),
                                 context_value=context, execution_context_class=SandboxExecutionContext)
            finally:
                self.store.db.execute("COMMIT")
        out = {}
        if result.errors:
            if result.data is None and not _executed(result):
                # Variable coercion failed before anything ran: Apollo answers BAD_USER_INPUT, no data.
                return json_response(200, {"errors": [dict(e.formatted, extensions={"code": "BAD_USER_INPUT"}) for e in result.errors]})
            out["errors"] = [dict(e.formatted, extensions={"code": "INTERNAL_SERVER_ERROR"}) for e in result.errors]
        out["data"] = result.data
        return json_response(200, out)

    # --- Better Auth endpoints ----------------------------------------------------------------
    def auth(self, method, path, headers):
        with self.rate_lock:
            key = headers.get("authorization", "") + path
            now = time.monotonic()
            window = [t for t in self.rate.get(key, []) if now - t < AUTH_RATE_WINDOW]
            if len(window) >= AUTH_RATE_MAX:
                retry = int(AUTH_RATE_WINDOW - (now - window[0])) + 1
                return json_response(429, {"message": "Too many requests. Please try again later."}, {"X-Retry-After": str(retry)})
            window.append(now)
            self.rate[key] = window
        with self.store.lock:
            token, session = self._session(headers)
            if path == "/api/auth/get-session" and method == "GET":
                if session is None:
                    return Response(200, b"null")
                return json_response(200, {
                    "session": {"token": token, "userId": session["id"], "expiresAt": session["expires_at"]},
                    "user": {"id": session["id"], "name": session["name"], "email": session["email"], "image": session["image"]}})
            if path == "/api/auth/sign-out" and method == "POST":
                if token:
                    self.store.end_session(token)
                return json_response(200, {"success": True})
        return Response(404, b"Not Found", "text/plain; charset=utf-8")

    # --- test hooks ---------------------------------------------------------------------------
    def test_hook(self, method, path, body):
        hooks = self.hooks
        data = json.loads(body) if body else {}
        with self.store.lock:
            if path == "/__sandbox/state" and method == "POST":
                created = hooks.load_state(data)
                self.seen_users = {a.get("id") for a in data.get("accounts", [])} if data.get("noSeed", True) else set()
                hooks.reset_counters()
                return json_response(200, {"created": created})
            if path == "/__sandbox/reset" and method == "POST":
                self.store.reset()
                self.seen_users = set()
                hooks.reset_counters()
                return json_response(200, {"ok": True})
            if path == "/__sandbox/token" and method == "POST":
                user = self.store.add_token(data["token"], data.get("id"), data.get("name"), data.get("email"))
                return json_response(200, {"id": user})
            if path == "/__sandbox/faults" and method == "POST":
                hooks.add_faults(data.get("faults", []))
                return json_response(200, {"ok": True})
            if path == "/__sandbox/audit":
                if method == "POST":
                    hooks.audit_enabled = bool(data.get("enabled", True))
                    hooks.audit = []
                return json_response(200, {"enabled": hooks.audit_enabled, "entries": hooks.audit})
            if path == "/__sandbox/stats":
                if method == "POST":
                    hooks.reset_counters()
                return json_response(200, hooks.stats())
            if path == "/__sandbox/recording":
                if method == "POST":
                    hooks.recording = bool(data.get("enabled", True))
                    hooks.bodies = []
                return json_response(200, {"bodies": hooks.bodies})
            if path == "/__sandbox/timings":
                if method == "POST":
                    hooks.timing = bool(data.get("enabled", True))
                    hooks.timings = []
                keys = ("started", "ended", "cpu", "requestBytes", "responseBytes")
                return json_response(200, {"requests": [dict(zip(keys, t)) for t in hooks.timings]})
            if path == "/__sandbox/schedule" and method == "POST":
                self.store.db.execute("INSERT INTO schedule_assignments (user_id, week) VALUES (?, ?)", (data["userId"], data.get("week", "2026-W02")))
                return json_response(200, {"ok": True})
        return Response(404, b"Not Found", "text/plain; charset=utf-8")


def _is_mutation(body):
    """Whether a request body's operation is a mutation (its query starts with `mutation`)."""
    try:
        query = json.loads(body).get("query", "")
    except (ValueError, AttributeError):
        return False
    return isinstance(query, str) and query.lstrip().startswith("mutation")


def _executed(result):
    """Whether execution started: coercion errors have no path and come without data."""
    return any(e.path for e in result.errors)
