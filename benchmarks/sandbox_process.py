"""A fresh sandbox on a free port with an empty space (--no-seed) and the test hooks, for the
benchmarks: `with SandboxProcess(root) as sandbox: ...` stops it on the way out."""
import json
import subprocess
import sys
import urllib.parse
import urllib.request


class SandboxProcess:
    token = "bench"

    def __init__(self, root, latency_ms=0.0):
        self.root = root
        self.latency_ms = latency_ms

    def __enter__(self):
        self.proc = subprocess.Popen([sys.executable, "-m", "sandbox", "--port", "0", "--no-seed", "--test-hooks",
                                      "--token", f"{self.token}:u_bench:Bench", "--latency", str(self.latency_ms)],
                                     cwd=self.root, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        self.url = self.proc.stdout.readline().strip()
        if not self.url:
            self.proc.wait()
            raise RuntimeError("the sandbox did not start")
        parsed = urllib.parse.urlparse(self.url)
        self.host, self.port, self.path = parsed.hostname, parsed.port, parsed.path
        return self

    def hook(self, path, body=None):
        """Calls a test hook: GET without a body, POST with one."""
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.url.replace("/graphql", "/__sandbox/" + path), data=data,
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request) as response:
            return json.load(response)

    def __exit__(self, *_):
        self.proc.terminate()
        self.proc.wait()
