import http.client
import json
import os
import subprocess
import sys
import time
import urllib.parse

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TOKEN = "owner-token"
OWNER = "u_owner"


class Sandbox:
    """A sandbox server process, talked to over real HTTP."""

    def __init__(self, *args, db=":memory:"):
        self.args = args
        self.db = db
        self.start()

    def start(self):
        cmd = [sys.executable, "-m", "sandbox", "--port", "0", "--db", self.db, *self.args]
        self.started = time.monotonic()
        self.proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.url = self.proc.stdout.readline().strip()
        if not self.url:
            raise RuntimeError("sandbox did not start: " + self.proc.stderr.read())
        parsed = urllib.parse.urlparse(self.url)
        self.host, self.port = parsed.hostname, parsed.port
        self.conn = http.client.HTTPConnection(self.host, self.port, timeout=10)

    def stop(self):
        self.conn.close()
        self.proc.terminate()
        try:
            self.proc.wait(5)
        finally:
            self.proc.stdout.close()
            self.proc.stderr.close()

    def restart(self):
        self.stop()
        self.start()

    def request(self, method, path, body=None, headers=None, raw=False):
        data = body if isinstance(body, (bytes, type(None))) else json.dumps(body).encode()
        h = {"Content-Type": "application/json"}
        h.update(headers or {})
        self.conn.request(method, path, body=data, headers=h)
        response = self.conn.getresponse()
        payload = response.read()
        if raw:
            return response, payload
        return response.status, (json.loads(payload) if payload and response.getheader("Content-Type", "").startswith("application/json") else payload)

    def gql(self, query, variables=None, token=TOKEN, space=None, **extra):
        headers = {}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        if space:
            headers["x-space-id"] = space
        body = {"query": query}
        if variables is not None:
            body["variables"] = variables
        body.update(extra)
        return self.request("POST", "/graphql", body, headers)

    def hook(self, path, body=None):
        status, payload = self.request("POST", "/__sandbox/" + path, body or {})
        assert status == 200, payload
        return payload

    def state(self, people=(), teams=(), levels=None, accounts=None, members=(), space=OWNER):
        accounts = accounts or [{"token": TOKEN, "id": OWNER, "name": "Olga Owner", "email": "olga@example.com"}]
        spaces = {space: {"people": list(people), "teams": list(teams), "levels": levels or {}}}
        return self.hook("state", {"accounts": accounts, "members": list(members), "spaces": spaces})["created"]


def person(name, craft="Engineering", level="Mid", focus="Backend", **extra):
    p = {"fullName": name, "craftAbility": craft, "jobLevel": level, "craftFocus": focus}
    p.update(extra)
    return p


@pytest.fixture
def sandbox():
    s = Sandbox("--test-hooks", "--token", f"{TOKEN}:{OWNER}:Olga Owner")
    yield s
    s.stop()


@pytest.fixture
def seeded(tmp_path):
    s = Sandbox("--token", f"{TOKEN}:{OWNER}:Olga Owner", db=str(tmp_path / "mps.db"))
    yield s
    s.stop()
