#!/usr/bin/env python3
"""Chooses apply's batch size by measurement: the time a fresh sandbox takes to create N people
and N/10 teams when the same operations travel K aliased mutations per document, with values as
variables (as roster sends them), for several K. Each K gets a fresh sandbox and the minimal C
client, so the figures are the server's cost plus one keep-alive connection, nothing of roster.

A document of K aliases of one mutation has the same text whatever its values, so a server that
caches validated documents (Apollo Server does, and so does the sandbox) parses and validates each
shape once; but the first time costs more than linearly in K.

Usage: python3 benchmarks/bench_batch_size.py [--people 10000] [--sizes 25,50,100,200,300,500]"""
import argparse
import json
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import generate_roster  # noqa: E402
from bench_support import OUT, SandboxProcess, c_client  # noqa: E402


def document(mutation, input_type, inputs):
    definitions = ", ".join(f"$v{i}: {input_type}!" for i in range(len(inputs)))
    fields = " ".join(f"a{i}: {mutation}(input: $v{i}) {{ id }}" for i in range(len(inputs)))
    body = {"query": f"mutation RosterApply({definitions}) {{ {fields} }}", "operationName": "RosterApply",
            "variables": {f"v{i}": value for i, value in enumerate(inputs)}}
    return json.dumps(body, ensure_ascii=False, separators=(",", ":"))


def documents(data, size):
    people = [{"fullName": p["name"], "craftAbility": p["craft"], "jobLevel": p["level"], "craftFocus": p["focus"],
               "levelStartDate": p.get("levelStartDate")} for p in data["people"]]
    ids = {p["name"]: i + 1 for i, p in enumerate(data["people"])}
    teams = [{"name": t["name"], "teamLeadId": ids[t["lead"]], "memberIds": [ids[m] for m in t["members"]]} for t in data["teams"]]
    out = []
    for start in range(0, len(people), size):
        out.append(document("createUser", "CreateUserInput", people[start:start + size]))
    for start in range(0, len(teams), size):
        out.append(document("createTeam", "CreateTeamInput", teams[start:start + size]))
    return out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--people", type=int, default=10000)
    parser.add_argument("--sizes", default="25,50,100,200,300,500")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    replay = c_client("http_replay")
    data = generate_roster.roster(args.people)
    print(f"empty space -> {args.people} people in {len(data['teams'])} teams, minimal client, median of {args.runs} fresh sandboxes")
    for size in [int(s) for s in args.sizes.split(",")]:
        bodies = documents(data, size)
        largest = max(len(b.encode()) for b in bodies)
        path = os.path.join(OUT, f"batch-{size}.jsonl")
        with open(path, "w", encoding="utf-8") as f:
            f.write("\n".join(bodies) + "\n")
        times = []
        for _ in range(args.runs):
            with SandboxProcess() as sandbox:
                started = time.perf_counter()
                result = subprocess.run([replay, sandbox.host, str(sandbox.port), sandbox.path, sandbox.token, path], capture_output=True, text=True)
                times.append(time.perf_counter() - started)
                if result.returncode != 0 or " 0 with errors" not in result.stdout:
                    sys.exit(f"K={size}: {result.stdout}{result.stderr}")
        times.sort()
        flag = "  (over 100 kB: refused by the server)" if largest > 102400 else ""
        print(f"  {size:4d} aliases per document: {times[len(times) // 2]:6.2f} s   {len(bodies):4d} documents, largest {largest / 1024:5.1f} kB{flag}")


if __name__ == "__main__":
    main()
