#!/usr/bin/env python3
"""Times `roster validate` against the physical floor: a C program that only scans the same file
with libyaml's event parser. Whole processes, medians of several runs, peak memory of each.

Usage: python3 benchmarks/bench_validate.py [--runs 9] [--sizes 1000,10000,100000]
Builds roster (release) and the C scanner first.
"""
import argparse
import os
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_support import OUT, ROOT, c_client, release_roster, run_process as run  # noqa: E402


def medians(cmds, runs):
    """Runs the commands in turn, `runs` rounds, so that drift in the machine's speed hits
    every command alike; returns (median seconds, peak MB) per command."""
    results = [[] for _ in cmds]
    for _ in range(runs):
        for i, cmd in enumerate(cmds):
            results[i].append(run(cmd))
    return [(statistics.median(r[0] for r in rs), max(r[1] for r in rs)) for rs in results], results


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--sizes", default="1000,10000,100000")
    args = parser.parse_args()
    roster = release_roster()
    scan = c_client("yaml_scan", "-lyaml")
    print(f"{'people':>8} {'size':>8} {'libyaml scan':>13} {'roster validate':>16} {'ratio':>6} {'paired':>7} {'peak MB':>8}")
    for n in (int(s) for s in args.sizes.split(",")):
        path = os.path.join(OUT, f"roster-{n}.yaml")
        if not os.path.exists(path):
            subprocess.run([sys.executable, os.path.join(ROOT, "benchmarks", "generate_roster.py"), str(n), path], check=True)
        size = os.path.getsize(path) / 1e6
        run([roster, "validate", path])  # warm the page cache
        [(floor, _), (ours, peak)], rounds = medians([[scan, path], [roster, "validate", path]], args.runs)
        # The ratio of each round's pair, then their median: robust to the machine's speed
        # drifting between rounds.
        paired = statistics.median(o[0] / f[0] for f, o in zip(rounds[0], rounds[1]))
        print(f"{n:>8} {size:>6.1f}MB {floor * 1000:>11.1f}ms {ours * 1000:>14.1f}ms {ours / floor:>5.2f}x {paired:>6.2f}x {peak:>7.1f}")


if __name__ == "__main__":
    main()
