"""A stand-in for the part of GitLab's REST API (v4) that roster's loop uses, for the tests of the
GitLab CI/CD component's scripts: merge-request notes, the merge request a commit came from, its
pipelines, their jobs and artifacts, merge requests opened from a branch, an environment's
deployments (`deployments`: {"id", "sha", "status", "environment"}, as the test records them), and the token's user
(`GET /user`: the state's "me", a bot user as a project access token has). Notes carry their
author as GitLab does (`{"id", "username"}`); a note posted through the API is the token user's,
and an edit of anyone else's note answers 403, as GitLab does.

The branches' heads (`repository/branches/B`) are the state's "pinned_heads", else its
"branch_heads" (the tests set the job's commit there). A request whose path holds a text of the
state's "fail" fails as it says: "error" (HTTP 500), "nonjson" (an HTML page) or "truncated" (the
JSON cut short).

Its state is a JSON file the test writes and reads between runs (the server reads it on every
request and writes it back), and every request is logged as one JSON line. A request without the
right PRIVATE-TOKEN header is refused with 401, as GitLab does.

Usage: gitlab_standin.py --state FILE --log FILE --token TOKEN --project ID
Prints its API URL (http://127.0.0.1:PORT/api/v4) first.
"""

import argparse
import json
import re
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

ARGS = None


def load():
    with open(ARGS.state) as f:
        state = json.load(f)
    for key in ("notes", "commit_mrs", "mrs", "mr_pipelines", "pipeline_jobs", "artifacts"):
        state.setdefault(key, {})
    state.setdefault("open_mrs", [])
    state.setdefault("deployments", [])
    state.setdefault("me", {"id": 4242, "username": "project_42_bot"})
    state.setdefault("next_id", 1000)
    return state


def save(state):
    with open(ARGS.state, "w") as f:
        json.dump(state, f, indent=2)


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def answer(self, status, value=None, raw=None):
        body = raw if raw is not None else json.dumps(value).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def handle_any(self):
        url = urllib.parse.urlsplit(self.path)
        query = dict(urllib.parse.parse_qsl(url.query))
        length = int(self.headers.get("Content-Length") or 0)
        form = dict(urllib.parse.parse_qsl(self.rfile.read(length).decode())) if length else {}
        token_ok = self.headers.get("PRIVATE-TOKEN") == ARGS.token
        with open(ARGS.log, "a") as log:
            entry = {"method": self.command, "path": url.path, "query": query, "form": form, "token_ok": token_ok}
            log.write(json.dumps(entry) + "\n")
        if not token_ok:
            return self.answer(401, {"message": "401 Unauthorized"})
        prefix = f"/api/v4/projects/{ARGS.project}/"
        if url.path == "/api/v4/user" and self.command == "GET":
            return self.answer(200, load()["me"])
        if not url.path.startswith(prefix):
            return self.answer(404, {"message": "404 Project Not Found"})
        state = load()
        for text, how in (state.get("fail") or {}).items():
            if text in url.path + "?" + url.query:
                if how == "error":
                    return self.answer(500, {"message": "500 Internal Server Error"})
                return self.answer(200, raw=b"<html>502 Bad Gateway</html>" if how == "nonjson" else b'[{"id": 1, "sh')
        status, value, raw = route(self.command, url.path[len(prefix):], query, form, state)
        save(state)
        self.answer(status, value, raw)

    do_GET = do_POST = do_PUT = handle_any


def route(method, path, query, form, state):
    m = re.fullmatch(r"merge_requests/(\d+)/notes", path)
    if m and method == "GET":
        notes = state["notes"].get(m[1], [])
        size, page = int(query.get("per_page", 20)), int(query.get("page", 1))
        return 200, notes[(page - 1) * size : page * size], None
    if m and method == "POST":
        state["next_id"] += 1
        note = {"id": state["next_id"], "body": form.get("body", ""), "author": state["me"]}
        state["notes"].setdefault(m[1], []).append(note)
        return 201, note, None
    m = re.fullmatch(r"merge_requests/(\d+)/notes/(\d+)", path)
    if m and method == "PUT":
        for note in state["notes"].get(m[1], []):
            if note["id"] == int(m[2]):
                if (note.get("author") or {}).get("id") != state["me"]["id"]:
                    return 403, {"message": "403 Forbidden"}, None
                note["body"] = form.get("body", "")
                return 200, note, None
        return 404, {"message": "404 Not found"}, None
    m = re.fullmatch(r"repository/branches/(.+)", path)
    if m and method == "GET":
        branch = urllib.parse.unquote(m[1])
        head = (state.get("pinned_heads") or {}).get(branch) or (state.get("branch_heads") or {}).get(branch)
        return (200, {"name": branch, "commit": {"id": head}}, None) if head else (404, {"message": "404 Branch Not Found"}, None)
    m = re.fullmatch(r"repository/commits/([^/]+)/merge_requests", path)
    if m and method == "GET":
        return 200, state["commit_mrs"].get(m[1], []), None
    m = re.fullmatch(r"merge_requests/(\d+)", path)
    if m and method == "GET":
        mr = state["mrs"].get(m[1])
        return (200, mr, None) if mr else (404, {"message": "404 Not found"}, None)
    m = re.fullmatch(r"merge_requests/(\d+)/pipelines", path)
    if m and method == "GET":
        pipelines = state["mr_pipelines"].get(m[1], [])
        size, page = int(query.get("per_page", 20)), int(query.get("page", 1))
        return 200, pipelines[(page - 1) * size : page * size], None
    m = re.fullmatch(r"pipelines/(\d+)/jobs", path)
    if m and method == "GET":
        scope = query.get("scope[]")
        jobs = [j for j in state["pipeline_jobs"].get(m[1], []) if not scope or j["status"] == scope]
        return 200, jobs, None
    m = re.fullmatch(r"jobs/(\d+)/artifacts/(.+)", path)
    if m and method == "GET":
        artifact = state["artifacts"].get(m[1], {}).get(m[2])
        if artifact is None:
            return 404, {"message": "404 Not found"}, None
        with open(artifact, "rb") as f:
            return 200, None, f.read()
    if path == "deployments" and method == "GET":
        found = [d for d in state["deployments"]
                 if d.get("environment", "mps") == query.get("environment", d.get("environment", "mps"))
                 and (not query.get("status") or d.get("status") == query["status"])]
        found.sort(key=lambda d: d.get("id", 0), reverse=query.get("sort") != "asc")
        size, page = int(query.get("per_page", 20)), int(query.get("page", 1))
        return 200, found[(page - 1) * size : page * size], None
    if path == "merge_requests" and method == "GET":
        found = [mr for mr in state["open_mrs"] if mr["source_branch"] == query.get("source_branch")]
        return 200, found, None
    if path == "merge_requests" and method == "POST":
        state["next_id"] += 1
        mr = {"iid": state["next_id"], **form}
        state["open_mrs"].append(mr)
        return 201, mr, None
    return 404, {"message": f"404 {method} {path} is not stood in for"}, None


def main():
    global ARGS
    parser = argparse.ArgumentParser()
    for option in ("--state", "--log", "--token", "--project"):
        parser.add_argument(option, required=True)
    ARGS = parser.parse_args()
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    print(f"http://127.0.0.1:{server.server_address[1]}/api/v4", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
