#!/usr/bin/env python3
"""Times `roster plan` on a space of N people in N/10 teams that is in sync with the roster,
beside a minimal C client that only sends the same single read request, and beside
`roster validate` of the same roster. Whole processes, medians of interleaved runs.

Usage: python3 benchmarks/bench_plan.py [--people 10000] [--runs 9]"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time
import urllib.parse
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "benchmarks", "out")
sys.path.insert(0, os.path.join(ROOT, "benchmarks"))
import generate_roster  # noqa: E402

READ_QUERY = """query RosterLiveState {
  mySpaces { id name isOwner }
  users { id fullName craftAbility jobLevel craftFocus levelStartDate }
  teams { id name teamLead { id } members { id } }
  jobLevelLimits { jobLevel limitMonths }
}"""


def run(cmd, env=None, ok=(0,)):
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


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--people", type=int, default=10000)
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    os.makedirs(OUT, exist_ok=True)
    subprocess.run(["swift", "build", "-c", "release"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    roster = os.path.join(ROOT, ".build", "release", "roster")
    client = os.path.join(OUT, "http_post")
    subprocess.run(["cc", "-O2", "-o", client, os.path.join(ROOT, "benchmarks", "http_post.c")], check=True)
    data = generate_roster.roster(args.people)
    path = os.path.join(OUT, f"plan-roster-{args.people}.yaml")
    with open(path, "w", encoding="utf-8") as f:
        generate_roster.write_yaml(data, f)
    body_path = os.path.join(OUT, "read-request.json")
    with open(body_path, "w") as f:
        json.dump({"query": READ_QUERY, "operationName": "RosterLiveState"}, f)

    sandbox = subprocess.Popen([sys.executable, "-m", "sandbox", "--port", "0", "--no-seed", "--test-hooks", "--token", "bench:u_bench:Bench"],
                               cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        url = sandbox.stdout.readline().strip()
        parsed = urllib.parse.urlparse(url)
        ids = {p["name"]: i + 1 for i, p in enumerate(data["people"])}
        people = [{"id": ids[p["name"]], "fullName": p["name"], "craftAbility": p["craft"], "jobLevel": p["level"], "craftFocus": p["focus"],
                   "levelStartDate": p.get("levelStartDate")} for p in data["people"]]
        teams = [{"name": t["name"], "lead": ids[t["lead"]], "members": [ids[t["lead"]]] + [ids[m] for m in t["members"]]} for t in data["teams"]]
        state = {"accounts": [{"token": "bench", "id": "u_bench", "name": "Bench"}],
                 "spaces": {"u_bench": {"people": people, "teams": teams, "levels": {"Junior": 24, "Mid": 36}}}}
        request = urllib.request.Request(url.replace("/graphql", "/__sandbox/state"), data=json.dumps(state).encode(),
                                         headers={"Content-Type": "application/json"})
        urllib.request.urlopen(request).read()
        env = dict(os.environ, MPS_ENDPOINT=url, MPS_TOKEN="bench")
        plan_cmd = [roster, "plan", "--detailed-exitcode", path]
        run(plan_cmd, env)  # in sync: exit 0, and warms every cache
        cmds = [[client, parsed.hostname, str(parsed.port), parsed.path, "bench", body_path], [roster, "validate", path], plan_cmd]
        results = [[] for _ in cmds]
        for _ in range(args.runs):
            for i, cmd in enumerate(cmds):
                results[i].append(run(cmd, env))
        read, validate, plan = (statistics.median(r[0] for r in rs) for rs in results)
        peak = max(r[1] for r in results[2])
        print(f"space: {args.people} people in {len(teams)} teams, in sync with the roster ({os.path.getsize(path) / 1e6:.1f} MB)")
        print(f"  minimal client, one read request: {read * 1000:8.1f} ms")
        print(f"  roster validate:                  {validate * 1000:8.1f} ms")
        print(f"  roster plan (whole process):      {plan * 1000:8.1f} ms   peak {peak:.0f} MB")
        print(f"  plan / (read + validate):         {plan / (read + validate):8.2f}x")
    finally:
        sandbox.terminate()
        sandbox.wait()


if __name__ == "__main__":
    main()
