#!/usr/bin/env python3
"""What apply's checks against other writers cost at scale: a space of N people in N/10 teams is
reorganised (every person's focus changes, and each team's last member moves to the next team, a
ring that needs release updates), so apply runs several steps of updates, and before each step
after the first it reads the space to check that nobody changed what it is about to overwrite.
Reports the apply's wall time and, from its --verbose log, how many reads it made before the
final verification and how long each took (request, answer and decoding).

Usage: python3 benchmarks/bench_reorg.py [--people 10000] [--runs 3] [--latency MS] [--pin]"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import generate_roster  # noqa: E402
from bench_support import OUT, SandboxProcess, generated_roster, release_roster  # noqa: E402

FOCUSES = generate_roster.FOCUSES
READ = re.compile(r"roster: read the live state \((\d+) people, (\d+) teams\) in (\d+) ms")


def reorganised(data):
    """DATA with every focus changed and each team's last member moved to the next team."""
    people = [dict(p, focus=FOCUSES[(FOCUSES.index(p["focus"]) + 1) % len(FOCUSES)]) for p in data["people"]]
    teams = [dict(t, members=list(t["members"])) for t in data["teams"]]
    movers = [t["members"].pop() for t in teams]
    for i, team in enumerate(teams):
        team["members"].append(movers[i - 1])
    return dict(data, people=people, teams=teams)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--people", type=int, default=10000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--latency", type=float, default=0)
    parser.add_argument("--pin", action="store_true", help="the sandbox on CPU 0, roster on CPU 1 (taskset)")
    args = parser.parse_args()
    server_cpu, client = (0, ["taskset", "-c", "1"]) if args.pin else (None, [])
    roster = release_roster()
    data, start_path = generated_roster(args.people, "reorg-start")
    target_path = os.path.join(OUT, f"reorg-target-{args.people}.yaml")
    with open(target_path, "w", encoding="utf-8") as f:
        generate_roster.write_yaml(reorganised(data), f)
    walls, checks, check_ms, steps = [], [], [], set()
    for _ in range(args.runs):
        with SandboxProcess(args.latency, server_cpu) as sandbox:
            env = dict(os.environ, MPS_ENDPOINT=sandbox.url, MPS_TOKEN=sandbox.token)
            subprocess.run([roster, "apply", "--auto-approve", start_path], env=env, check=True, capture_output=True)
            begin = time.perf_counter()
            result = subprocess.run(client + [roster, "apply", "--auto-approve", "--verbose", target_path],
                                    env=env, capture_output=True, text=True)
            walls.append(time.perf_counter() - begin)
            if result.returncode != 0:
                sys.exit(f"roster apply failed: {result.stderr[-2000:]}")
            reads = [int(m.group(3)) for m in READ.finditer(result.stderr)]
            checks.append(len(reads) - 1)          # the last read is the verification
            check_ms.extend(reads[:-1])
            steps.update(re.findall(r"Apply runs (\d+) steps?", result.stdout))
    print(f"{args.people} people in {args.people // 10} teams reorganised ({', '.join(sorted(steps))} steps), "
          f"{args.latency:g} ms added per request, medians of {args.runs} runs"
          + (", sandbox on CPU 0 and roster on CPU 1" if args.pin else ""))
    print(f"  roster apply (whole process): {statistics.median(walls):.2f} s")
    print(f"  reads before steps (checks):  {statistics.median(checks):.0f} per apply, "
          f"{statistics.median(check_ms) if check_ms else 0:.0f} ms each (median), "
          f"{statistics.median(checks) * (statistics.median(check_ms) if check_ms else 0) / 1000 / statistics.median(walls):.1%} "
          "of the apply")


if __name__ == "__main__":
    main()
