#!/usr/bin/env python3
"""A company's quarter at several sizes: `roster export` of the live space into a git repository,
three edit commands on a branch (a move, a hire into a team, a promotion), a change in the app
meanwhile (someone moved into the first team), `roster pull` (three-way, person by person) and
`roster plan`. Each command is timed as a whole process; the medians of each size show whether
the loop stays linear (the time per 1,000 people should not grow with the size).

Usage: python3 benchmarks/bench_quarter.py [--sizes 500,1000,2000,4000] [--runs 5]"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import generate_roster  # noqa: E402
from bench_support import SandboxProcess, release_roster  # noqa: E402

STEPS = ["export", "move", "hire", "promote", "pull", "plan"]


def state(data, token):
    """The sandbox state of a generated roster: people with ids from 1, teams from 10,000."""
    ids = {p["name"]: i + 1 for i, p in enumerate(data["people"])}
    people = [{"id": ids[p["name"]], "fullName": p["name"], "craftAbility": p["craft"], "jobLevel": p["level"],
               "craftFocus": p["focus"], **({"levelStartDate": p["levelStartDate"]} if "levelStartDate" in p else {})}
              for p in data["people"]]
    teams = [{"id": 10000 + t, "name": team["name"], "lead": ids[team["lead"]],
              "members": [ids[team["lead"]]] + [ids[m] for m in team["members"]]}
             for t, team in enumerate(data["teams"])]
    return {"accounts": [{"token": token, "id": "u_bench", "name": "Bench"}],
            "spaces": {"u_bench": {"people": people, "teams": teams}}}, ids


def graphql(sandbox, query, variables):
    request = urllib.request.Request(sandbox.url, data=json.dumps({"query": query, "variables": variables}).encode(),
                                     headers={"Content-Type": "application/json",
                                              "Authorization": f"Bearer {sandbox.token}"})
    with urllib.request.urlopen(request) as response:
        answer = json.load(response)
    if answer.get("errors"):
        sys.exit(f"the app's change failed: {answer['errors']}")


def timed(cmd, cwd, env, ok=(0,)):
    start = time.perf_counter()
    result = subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    elapsed = time.perf_counter() - start
    if result.returncode not in ok:
        sys.exit(f"{' '.join(cmd)} exited {result.returncode}: {result.stderr}")
    return elapsed


def git(folder, *args):
    subprocess.run(["git", "-c", "user.name=B", "-c", "user.email=b@example.com", *args], cwd=folder, check=True,
                   stdout=subprocess.DEVNULL)


def quarter(roster, sandbox, data, ids):
    """One quarter: the seconds of each step."""
    folder = tempfile.mkdtemp(prefix="quarter-")
    env = dict(os.environ, MPS_ENDPOINT=sandbox.url, MPS_TOKEN=sandbox.token, NO_COLOR="1")
    try:
        times = {"export": timed([roster, "export", "--out", "roster.yaml"], folder, env)}
        git(folder, "init", "-q", "-b", "main")
        git(folder, "add", ".")
        git(folder, "commit", "-q", "-m", "exported")
        git(folder, "checkout", "-q", "-b", "quarter")
        teams = data["teams"]
        times["move"] = timed([roster, "move", teams[0]["members"][0], "--to", teams[1]["name"], "roster.yaml"],
                              folder, env)
        times["hire"] = timed([roster, "hire", "Test Newhire", "--craft", "Design", "--level", "Junior", "--team",
                               teams[2]["name"], "roster.yaml"], folder, env)
        times["promote"] = timed([roster, "set", "person", teams[3]["members"][0], "--level", "Principal",
                                  "roster.yaml"], folder, env)
        git(folder, "commit", "-q", "-am", "the quarter")
        # The app meanwhile: the fifth team's first member moves into the first team.
        first, fifth = teams[0], teams[4]
        joiner = fifth["members"][0]
        query = "mutation($id: Int!, $input: UpdateTeamInput!) { updateTeam(id: $id, input: $input) { id } }"
        for t, team, members in [(4, fifth, [m for m in fifth["members"] if m != joiner]),
                                 (0, first, first["members"] + [joiner])]:
            graphql(sandbox, query, {"id": 10000 + t, "input": {
                "name": team["name"], "teamLeadId": ids[team["lead"]],
                "memberIds": [ids[team["lead"]]] + [ids[m] for m in members]}})
        times["pull"] = timed([roster, "pull", "roster.yaml"], folder, env)
        times["plan"] = timed([roster, "plan", "roster.yaml"], folder, env)
        return times
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="500,1000,2000,4000")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    roster = release_roster()
    generated = {n: generate_roster.roster(n) for n in sizes}
    samples = {n: {step: [] for step in STEPS} for n in sizes}
    with SandboxProcess() as sandbox:
        # Interleaved: each round runs every size once, so a drifting machine affects all alike.
        for _ in range(args.runs):
            for n in sizes:
                loaded, ids = state(generated[n], sandbox.token)
                sandbox.hook("state", loaded)
                for step, seconds in quarter(roster, sandbox, generated[n], ids).items():
                    samples[n][step].append(seconds)
    print("people  " + "  ".join(f"{s:>8}" for s in STEPS) + "     total  per 1,000")
    for n in sizes:
        medians = {step: statistics.median(samples[n][step]) for step in STEPS}
        total = sum(medians.values())
        print(f"{n:>6}  " + "  ".join(f"{medians[s] * 1000:6.0f}ms" for s in STEPS)
              + f"  {total * 1000:6.0f}ms  {total * 1000 / n * 1000:6.0f}ms")


if __name__ == "__main__":
    main()
