#!/usr/bin/env python3
"""Times `roster plan` on a space of N people in N/10 teams that is in sync with the roster,
beside a minimal C client that only sends the same single read request, and beside
`roster validate` of the same roster. Whole processes, medians of interleaved runs.
With --pin (Linux), the sandbox runs on CPU 0 and the clients on CPU 1, as a server across a network
shares no core with its client.

Usage: python3 benchmarks/bench_plan.py [--people 10000] [--runs 9] [--pin]"""
import argparse
import json
import os
import statistics
import sys
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_support import OUT, ROOT, SandboxProcess, c_client, generated_roster, release_roster, run_process as run  # noqa: E402

READ_QUERY = """query RosterLiveState {
  mySpaces { id name isOwner }
  users { id fullName craftAbility jobLevel craftFocus levelStartDate }
  teams { id name teamLead { id } members { id } }
  jobLevelLimits { jobLevel limitMonths }
}"""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--people", type=int, default=10000)
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--pin", action="store_true", help="the sandbox on CPU 0, the clients on CPU 1 (taskset)")
    args = parser.parse_args()
    server_cpu, pin = (0, ["taskset", "-c", "1"]) if args.pin else (None, [])
    roster = release_roster()
    client = c_client("http_post")
    data, path = generated_roster(args.people, "plan-roster")
    body_path = os.path.join(OUT, "read-request.json")
    with open(body_path, "w") as f:
        json.dump({"query": READ_QUERY, "operationName": "RosterLiveState"}, f)

    with SandboxProcess(cpu=server_cpu) as sandbox:
        ids = {p["name"]: i + 1 for i, p in enumerate(data["people"])}
        people = [{"id": ids[p["name"]], "fullName": p["name"], "craftAbility": p["craft"], "jobLevel": p["level"], "craftFocus": p["focus"],
                   "levelStartDate": p.get("levelStartDate")} for p in data["people"]]
        teams = [{"name": t["name"], "lead": ids[t["lead"]], "members": [ids[t["lead"]]] + [ids[m] for m in t["members"]]} for t in data["teams"]]
        sandbox.hook("state", {"accounts": [{"token": sandbox.token, "id": "u_bench", "name": "Bench"}],
                               "spaces": {"u_bench": {"people": people, "teams": teams, "levels": {"Junior": 24, "Mid": 36}}}})
        env = dict(os.environ, MPS_ENDPOINT=sandbox.url, MPS_TOKEN=sandbox.token)
        # The read's response, for `roster-bench --plan ROSTER RESPONSE`, which times the phases.
        response_path = os.path.join(OUT, f"plan-live-{args.people}.json")
        request = urllib.request.Request(sandbox.url, data=open(body_path, "rb").read(),
                                         headers={"Content-Type": "application/json", "Authorization": f"Bearer {sandbox.token}"})
        with urllib.request.urlopen(request) as response, open(response_path, "wb") as f:
            f.write(response.read())
        plan_cmd = pin + [roster, "plan", "--detailed-exitcode", path]
        run(plan_cmd, env)  # in sync: exit 0, and warms every cache
        cmds = [pin + [client, sandbox.host, str(sandbox.port), sandbox.path, sandbox.token, body_path],
                pin + [roster, "validate", path], plan_cmd]
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
        paired = statistics.median(p[0] / (r[0] + v[0]) for r, v, p in zip(*results))
        print(f"  plan / (read + validate):         {plan / (read + validate):8.2f}x   paired {paired:.2f}x"
              + ("   (sandbox on CPU 0, clients on CPU 1)" if args.pin else ""))
        print(f"phases: .build/release/roster-bench --plan {os.path.relpath(path, ROOT)} {os.path.relpath(response_path, ROOT)}")


if __name__ == "__main__":
    main()
