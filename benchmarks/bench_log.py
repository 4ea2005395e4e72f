#!/usr/bin/env python3
"""`roster log` over a long history: a generated roster of N people committed, then C commits that
each move one person to the next team and promote another (the edits a quarter makes), and the
wall time of `roster log` over all of it, and over the first half of the commits (the history
checked out at its middle: linear in the commits, the second figure is about half the first); and
of `roster report site`, the organisation page, which reads the same history, and its size.

Usage: python3 benchmarks/bench_log.py [--people 2000] [--commits 500] [--runs 3]"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import generate_roster  # noqa: E402
from bench_support import release_roster  # noqa: E402

LEVELS = generate_roster.LEVELS


def git(folder, *args):
    subprocess.run(["git", "-c", "user.name=B", "-c", "user.email=b@example.com", *args], cwd=folder, check=True,
                   stdout=subprocess.DEVNULL)


def history(folder, people, commits):
    """The repository: the roster, then each commit's move and promotion."""
    data = generate_roster.roster(people)
    path = os.path.join(folder, "roster.yaml")
    git(folder, "init", "-q", "-b", "main")
    with open(path, "w", encoding="utf-8") as f:
        generate_roster.write_yaml(data, f)
    git(folder, "add", ".")
    git(folder, "commit", "-q", "-m", "the roster")
    teams = data["teams"]
    for c in range(commits):
        source, target = teams[c % len(teams)], teams[(c + 1) % len(teams)]
        if source["members"]:
            target["members"].append(source["members"].pop(0))
        person = data["people"][(c * 7) % len(data["people"])]
        person["level"] = LEVELS[(LEVELS.index(person["level"]) + 1) % len(LEVELS)]
        with open(path, "w", encoding="utf-8") as f:
            generate_roster.write_yaml(data, f)
        git(folder, "commit", "-q", "-am", f"quarter change {c}")
    return path


def timed(cmd, cwd):
    start = time.perf_counter()
    result = subprocess.run(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if result.returncode != 0:
        sys.exit(f"{' '.join(cmd)} exited {result.returncode}: {result.stderr}")
    return time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--people", type=int, default=2000)
    parser.add_argument("--commits", type=int, default=500)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    roster = release_roster()
    folder = tempfile.mkdtemp(prefix="roster-log-")
    try:
        history(folder, args.people, args.commits)
        hashes = subprocess.run(["git", "rev-list", "--reverse", "HEAD"], cwd=folder, capture_output=True,
                                text=True, check=True).stdout.split()
        whole, half = [], []
        for _ in range(args.runs):
            git(folder, "checkout", "-q", "main")
            whole.append(timed([roster, "log", "roster.yaml"], folder))
            git(folder, "checkout", "-q", hashes[len(hashes) // 2])
            half.append(timed([roster, "log", "roster.yaml"], folder))
        print(f"{args.people} people, {args.commits + 1} commits: roster log {statistics.median(whole):.2f} s; "
              f"the first half of the commits {statistics.median(half):.2f} s (medians of {args.runs})")
        page = os.path.join(folder, "org.html")
        site, site_half = [], []
        for _ in range(args.runs):
            git(folder, "checkout", "-q", "main")
            site.append(timed([roster, "report", "site", "roster.yaml", "--out", page], folder))
            git(folder, "checkout", "-q", hashes[len(hashes) // 2])
            site_half.append(timed([roster, "report", "site", "roster.yaml", "--out", page], folder))
        print(f"roster report site {statistics.median(site):.2f} s; the first half {statistics.median(site_half):.2f} s; "
              f"the page {os.path.getsize(page) / 1e6:.2f} MB (of the first half's roster)")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
