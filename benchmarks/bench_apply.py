#!/usr/bin/env python3
"""From an empty space (--no-seed) to N people in N/10 teams: the HTTP requests roster apply
uses, its largest request body and its wall time (whole process), beside (a) a minimal C client
sending the same documents in the same order and (b) one mutation per request, as the MPS apps
write. Each run gets a fresh sandbox, so every client starts from the same empty space.

Usage: python3 benchmarks/bench_apply.py [--people 10000] [--aliases 50,100,250]"""
import argparse
import json
import os
import subprocess
import sys
import time
import urllib.parse
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "benchmarks", "out")
sys.path.insert(0, os.path.join(ROOT, "benchmarks"))
import generate_roster  # noqa: E402


LATENCY = 0.0


class Sandbox:
    def __init__(self):
        self.proc = subprocess.Popen([sys.executable, "-m", "sandbox", "--port", "0", "--no-seed", "--test-hooks", "--token", "bench:u_bench:Bench",
                                      "--latency", str(LATENCY)],
                                     cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        self.url = self.proc.stdout.readline().strip()
        parsed = urllib.parse.urlparse(self.url)
        self.host, self.port, self.path = parsed.hostname, parsed.port, parsed.path

    def hook(self, path, body=None):
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.url.replace("/graphql", "/__sandbox/" + path), data=data, headers={"Content-Type": "application/json"})
        return json.load(urllib.request.urlopen(request))

    def stop(self):
        self.proc.terminate()
        self.proc.wait()


def timed(cmd, env=None):
    start = time.perf_counter()
    result = subprocess.run(cmd, env=env, capture_output=True, text=True)
    return time.perf_counter() - start, result


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--people", type=int, default=10000)
    parser.add_argument("--concurrency", type=int, default=4)
    parser.add_argument("--skip-singles", action="store_true", help="leave out the slow one-mutation-per-request run")
    parser.add_argument("--latency", type=float, default=0, help="milliseconds the sandbox adds to each request, as a network would")
    args = parser.parse_args()
    global LATENCY
    LATENCY = args.latency
    os.makedirs(OUT, exist_ok=True)
    subprocess.run(["swift", "build", "-c", "release"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    roster = os.path.join(ROOT, ".build", "release", "roster")
    replay = os.path.join(OUT, "http_replay")
    subprocess.run(["cc", "-O2", "-o", replay, os.path.join(ROOT, "benchmarks", "http_replay.c")], check=True)
    data = generate_roster.roster(args.people)
    path = os.path.join(OUT, f"apply-roster-{args.people}.yaml")
    with open(path, "w", encoding="utf-8") as f:
        generate_roster.write_yaml(data, f)

    def run_roster(extra_env=None):
        sandbox = Sandbox()
        try:
            sandbox.hook("recording", {"enabled": True})
            env = dict(os.environ, MPS_ENDPOINT=sandbox.url, MPS_TOKEN="bench", **(extra_env or {}))
            elapsed, result = timed([roster, "apply", "--auto-approve", "--format", "json", "--concurrency", str(args.concurrency), path], env)
            if result.returncode != 0:
                sys.exit(f"roster apply failed: {result.stderr[-2000:]}")
            stats = sandbox.hook("stats")
            bodies = sandbox.hook("recording")["bodies"]
            return elapsed, stats, bodies
        finally:
            sandbox.stop()

    elapsed, stats, bodies = run_roster()
    mutations = [b for b in bodies if b.lstrip().startswith('{"query":"mutation')]
    bodies_path = os.path.join(OUT, "apply-documents.jsonl")
    with open(bodies_path, "w") as f:
        f.write("\n".join(mutations) + "\n")
    # (a) the same documents in the same order, from a fresh empty space.
    sandbox = Sandbox()
    try:
        minimal, result = timed([replay, sandbox.host, str(sandbox.port), sandbox.path, "bench", bodies_path])
        minimal_out = result.stdout.strip()
    finally:
        sandbox.stop()
    # (b) one mutation per request, the way the apps write.
    singles = []
    ids = {p["name"]: i + 1 for i, p in enumerate(data["people"])}
    for p in data["people"]:
        singles.append(json.dumps({"query": "mutation($i: CreateUserInput!) { createUser(input: $i) { id } }",
                                   "variables": {"i": {"fullName": p["name"], "craftAbility": p["craft"], "jobLevel": p["level"],
                                                       "craftFocus": p["focus"], "levelStartDate": p.get("levelStartDate")}}}))
    for t in data["teams"]:
        singles.append(json.dumps({"query": "mutation($i: CreateTeamInput!) { createTeam(input: $i) { id } }",
                                   "variables": {"i": {"name": t["name"], "teamLeadId": ids[t["lead"]], "memberIds": [ids[m] for m in t["members"]]}}}))
    for level, months in (("Junior", 24), ("Mid", 36)):
        singles.append(json.dumps({"query": "mutation { setJobLevelLimit(jobLevel: %s, limitMonths: %d) { jobLevel } }" % (level, months)}))
    singles_path = os.path.join(OUT, "apply-singles.jsonl")
    with open(singles_path, "w") as f:
        f.write("\n".join(singles) + "\n")
    single, single_out = float("nan"), "skipped"
    if not args.skip_singles:
        sandbox = Sandbox()
        try:
            single, result = timed([replay, sandbox.host, str(sandbox.port), sandbox.path, "bench", singles_path])
            single_out = result.stdout.strip()
        finally:
            sandbox.stop()

    print(f"empty space -> {args.people} people in {len(data['teams'])} teams, concurrency {args.concurrency}, "
          f"{args.latency:.0f} ms added per request")
    print(f"  roster apply (whole process):       {elapsed:8.2f} s   {stats['requests']} requests ({len(mutations)} mutation documents), "
          f"largest body {stats['largestRequest'] / 1024:.1f} kB")
    print(f"  (a) minimal client, same documents: {minimal:8.2f} s   {minimal_out}")
    print(f"  (b) one mutation per request:       {single:8.2f} s   {single_out}")
    print(f"  apply / (a): {elapsed / minimal:.2f}x    (b) / apply: {single / elapsed:.1f}x")


if __name__ == "__main__":
    main()
