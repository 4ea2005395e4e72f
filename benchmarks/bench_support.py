"""What the benchmarks share: the release build, the C clients, generated rosters, and a fresh
sandbox on a free port with an empty space (--no-seed) and the test hooks."""
import json
import os
import subprocess
import sys
import time
import urllib.parse
import urllib.request

import generate_roster

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "benchmarks", "out")


def release_roster():
    """Builds the release binaries; the path of `roster`."""
    os.makedirs(OUT, exist_ok=True)
    static = ["--static-swift-stdlib"] if sys.platform.startswith("linux") else []   # as the README builds it
    subprocess.run(["swift", "build", "-c", "release", *static], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    return os.path.join(ROOT, ".build", "release", "roster")


def c_client(name, *flags):
    """Compiles benchmarks/NAME.c (with FLAGS, such as -lyaml) into benchmarks/out/NAME; its path."""
    os.makedirs(OUT, exist_ok=True)
    path = os.path.join(OUT, name)
    subprocess.run(["cc", "-O2", "-o", path, os.path.join(ROOT, "benchmarks", name + ".c"), *flags], check=True)
    return path


def run_process(cmd, env=None, ok=(0,)):
    """Runs CMD with its output discarded: (seconds, peak RSS in MB); exits on another status."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    err = proc.stderr.read().decode()
    proc.stderr.close()
    code = os.waitstatus_to_exitcode(status)
    if code not in ok:
        sys.exit(f"{' '.join(cmd)} exited {code}: {err}")
    return elapsed, usage.ru_maxrss / 1024


def generated_roster(people, name):
    """A roster of PEOPLE people in teams of 10, written to benchmarks/out/NAME-PEOPLE.yaml: (data, path)."""
    os.makedirs(OUT, exist_ok=True)
    data = generate_roster.roster(people)
    path = os.path.join(OUT, f"{name}-{people}.yaml")
    with open(path, "w", encoding="utf-8") as f:
        generate_roster.write_yaml(data, f)
    return data, path


class SandboxProcess:
    token = "bench"

    def __init__(self, latency_ms=0.0, cpu=None):
        self.latency_ms = latency_ms
        self.cpu = cpu   # with a CPU number, the sandbox runs on that core only (taskset)

    def __enter__(self):
        pin = ["taskset", "-c", str(self.cpu)] if self.cpu is not None else []
        self.proc = subprocess.Popen(pin + [sys.executable, "-m", "sandbox", "--port", "0", "--no-seed", "--test-hooks",
                                      "--token", f"{self.token}:u_bench:Bench", "--latency", str(self.latency_ms)],
                                     cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
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
