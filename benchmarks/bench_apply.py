#!/usr/bin/env python3
"""From an empty space (--no-seed) to N people in N/10 teams: the HTTP requests roster apply
uses, its largest request body and its wall time (whole process), beside (a) a minimal C client
sending the same documents in the same order (once its mutations only, once every request roster
sent, its two reads of the live state included) and (b) one mutation per request, as the MPS apps
write. Each run gets a fresh sandbox, so every client starts from the same empty space.

With --pin (Linux), the sandbox runs on CPU 0 and the clients on CPU 1, as a server across a network
shares no core with its client: what is left is what each client itself costs.

Usage: python3 benchmarks/bench_apply.py [--people 10000] [--runs 5] [--concurrency 4] [--latency MS] [--skip-singles] [--pin]"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_support import OUT, SandboxProcess, c_client, generated_roster, release_roster  # noqa: E402


def timed(cmd, env=None):
    start = time.perf_counter()
    result = subprocess.run(cmd, env=env, capture_output=True, text=True)
    return time.perf_counter() - start, result


class ServerSide:
    """One client run seen from the sandbox (its /__sandbox/timings): how long the server was
    busy (some request between its headers and its answer), the CPU its threads spent, and the
    gaps in which the client kept it idle. Every figure comes from the same run as the client's
    wall time, so unlike a ratio between two runs it holds up while the machine's speed drifts."""

    def __init__(self, started, ended, requests):
        self.wall = ended - started
        self.requests = requests
        self.cpu = sum(r["cpu"] for r in requests)
        self.gaps = []          # (seconds since start, seconds idle)
        edge = started
        for r in sorted(requests, key=lambda r: r["started"]):
            if r["started"] > edge:
                self.gaps.append((edge - started, r["started"] - edge))
            edge = max(edge, r["ended"])
        self.gaps.append((edge - started, max(0.0, ended - edge)))
        self.idle = sum(g for _, g in self.gaps)
        self.busy = self.wall - self.idle

    def busy_with(self, keep):
        """The time in which some request that `keep` accepts was under way."""
        total, edge = 0.0, float("-inf")
        for r in sorted((r for r in self.requests if keep(r)), key=lambda r: r["started"]):
            total += max(0.0, r["ended"] - max(edge, r["started"]))
            edge = max(edge, r["ended"])
        return total


def timed_with_server(sandbox, cmd, env=None):
    """Runs CMD against SANDBOX: (seconds, result, ServerSide)."""
    sandbox.hook("timings", {"enabled": True})
    start = time.perf_counter()
    result = subprocess.run(cmd, env=env, capture_output=True, text=True)
    end = time.perf_counter()
    return end - start, result, ServerSide(start, end, sandbox.hook("timings")["requests"])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--people", type=int, default=10000)
    parser.add_argument("--concurrency", type=int, default=4)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--skip-singles", action="store_true", help="leave out the slow one-mutation-per-request run")
    parser.add_argument("--latency", type=float, default=0, help="milliseconds the sandbox adds to each request, as a network would")
    parser.add_argument("--pin", action="store_true", help="the sandbox on CPU 0, the clients on CPU 1 (taskset)")
    args = parser.parse_args()
    server_cpu, client = (0, ["taskset", "-c", "1"]) if args.pin else (None, [])
    roster = release_roster()
    replay = c_client("http_replay")
    data, path = generated_roster(args.people, "apply-roster")

    def run_roster():
        with SandboxProcess(args.latency, server_cpu) as sandbox:
            sandbox.hook("recording", {"enabled": True})
            env = dict(os.environ, MPS_ENDPOINT=sandbox.url, MPS_TOKEN=sandbox.token)
            elapsed, result, server = timed_with_server(
                sandbox, client + [roster, "apply", "--auto-approve", "--format", "json", "--concurrency", str(args.concurrency), path], env)
            if result.returncode != 0:
                sys.exit(f"roster apply failed: {result.stderr[-2000:]}")
            return elapsed, sandbox.hook("stats"), sandbox.hook("recording")["bodies"], server

    _, stats, bodies, _ = run_roster()      # also a warm-up: records the documents for (a)
    mutations = [b for b in bodies if b.lstrip().startswith('{"query":"mutation')]
    bodies_path = os.path.join(OUT, "apply-documents.jsonl")
    with open(bodies_path, "w") as f:
        f.write("\n".join(mutations) + "\n")
    # Every request roster sent, its reads of the live state (before and after) included: the
    # same server work in the same order, so the ratio is what roster itself adds (starting,
    # loading, planning, encoding, decoding, verifying, reporting).
    everything_path = os.path.join(OUT, "apply-everything.jsonl")
    with open(everything_path, "w") as f:
        f.write("\n".join(bodies) + "\n")
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
    def replay_run(path):
        with SandboxProcess(args.latency, server_cpu) as sandbox:
            elapsed, result, server = timed_with_server(sandbox, client + [replay, sandbox.host, str(sandbox.port), sandbox.path, sandbox.token, path])
            if result.returncode != 0:
                sys.exit(f"http_replay failed: {result.stderr}")
            return elapsed, result.stdout.strip(), server

    # Interleaved runs, each from a fresh empty space, so drift in the machine's speed hits all
    # three alike; medians reported.
    applies, minimals, everything_times, singles_times = [], [], [], []
    apply_servers, everything_servers = [], []
    single_out = "skipped"
    for _ in range(args.runs):
        elapsed, _, _, server = run_roster()
        applies.append(elapsed)
        apply_servers.append(server)
        elapsed, minimal_out, _ = replay_run(bodies_path)       # (a) the same documents, same order
        minimals.append(elapsed)
        elapsed, everything_out, server = replay_run(everything_path)  # (a) with the reads too
        everything_times.append(elapsed)
        everything_servers.append(server)
        if not args.skip_singles:
            elapsed, single_out, _ = replay_run(singles_path)   # (b) one mutation per request
            singles_times.append(elapsed)
    elapsed, minimal = statistics.median(applies), statistics.median(minimals)
    everything = statistics.median(everything_times)
    single = statistics.median(singles_times) if singles_times else float("nan")

    print(f"empty space -> {args.people} people in {len(data['teams'])} teams, concurrency {args.concurrency}, "
          f"{args.latency:g} ms added per request, medians of {args.runs} runs"
          + (", sandbox on CPU 0 and clients on CPU 1" if args.pin else ""))
    print(f"  roster apply (whole process):       {elapsed:8.2f} s   {stats['requests']} requests ({len(mutations)} mutation documents), "
          f"largest body {stats['largestRequest'] / 1024:.1f} kB")
    print(f"  (a) minimal client, same documents: {minimal:8.2f} s   {minimal_out}")
    print(f"      the same, with roster's reads:  {everything:8.2f} s   {everything_out}")
    print(f"  (b) one mutation per request:       {single:8.2f} s   {single_out}")
    print(f"  apply / (a): {elapsed / minimal:.2f}x    apply / (a with reads): {elapsed / everything:.2f}x    "
          f"(b) / apply: {single / elapsed:.1f}x")
    # The machine's speed drifts by up to 2x over minutes: the ratio of each run to the runs of
    # the other clients right after it cancels most of that drift.
    def paired(others):
        return statistics.median(a / b for a, b in zip(applies, others))
    print(f"  per-run ratios (median): apply / (a): {paired(minimals):.2f}x    apply / (a with reads): {paired(everything_times):.2f}x"
          + (f"    (b) / apply: {statistics.median(b / a for a, b in zip(applies, singles_times)):.1f}x" if singles_times else ""))
    # The server's side of the same runs: drift moves the server's and the client's time
    # together, so what roster adds to the server's own time within one run is the steadiest
    # figure this machine gives.
    def med(xs):
        return statistics.median(xs) * 1000
    print(f"  server side, medians: apply: wall {med([s.wall for s in apply_servers]):.0f} ms = busy {med([s.busy for s in apply_servers]):.0f} "
          f"(CPU {med([s.cpu for s in apply_servers]):.0f}) + idle {med([s.idle for s in apply_servers]):.0f}; "
          f"(a with reads): wall {med([s.wall for s in everything_servers]):.0f} = busy {med([s.busy for s in everything_servers]):.0f} "
          f"(CPU {med([s.cpu for s in everything_servers]):.0f}) + idle {med([s.idle for s in everything_servers]):.0f}")
    first, gap_load = [s.gaps[0][1] for s in apply_servers], [s.gaps[1][1] if len(s.gaps) > 2 else 0 for s in apply_servers]
    last = [s.gaps[-1][1] for s in apply_servers]
    print(f"  roster kept the server idle: {med(first):.0f} ms starting, {med(gap_load):.0f} ms after its first read (loading, planning), "
          f"{med([s.idle for s in apply_servers]) - med(first) - med(gap_load) - med(last):.0f} ms between later requests, "
          f"{med(last):.0f} ms after the last answer (verifying, reporting, exiting)")
    read_sizes = {len(b.encode()) for b in bodies if b not in mutations}
    def mutating(r):
        return r["requestBytes"] not in read_sizes
    print(f"  apply's wall / its server's busy time, same run (median): {statistics.median(s.wall / s.busy for s in apply_servers):.2f}x, "
          f"/ busy with its mutations only: {statistics.median(s.wall / s.busy_with(mutating) for s in apply_servers):.2f}x; "
          f"(a with reads): {statistics.median(s.wall / s.busy for s in everything_servers):.2f}x")
    print("  runs: " + "  ".join(f"{a:.2f}/{m:.2f}/{e:.2f}" for a, m, e in zip(applies, minimals, everything_times)) + "  (apply/(a)/(a with reads), s)")


if __name__ == "__main__":
    main()
