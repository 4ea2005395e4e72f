"""Measures the sandbox: requests per second for `{ users { id } }` with 1,000 users over one
keep-alive connection, and the time to execute one document of N aliased createUser mutations.

Usage: python3 -m sandbox.bench [--requests 500] [--aliases 1000]"""
import argparse
import http.client
import json
import os
import statistics
import subprocess
import sys
import time
import urllib.parse

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=500)
    parser.add_argument("--aliases", type=int, default=1000)
    args = parser.parse_args()
    proc = subprocess.Popen([sys.executable, "-m", "sandbox", "--port", "0", "--token", "bench", "--no-seed", "--test-hooks"],
                            cwd=ROOT, stdout=subprocess.PIPE, text=True)
    url = urllib.parse.urlparse(proc.stdout.readline().strip())
    conn = http.client.HTTPConnection(url.hostname, url.port)
    headers = {"Authorization": "Bearer bench", "Content-Type": "application/json"}

    def post(query, variables=None):
        conn.request("POST", "/graphql", json.dumps({"query": query, "variables": variables or {}}), headers)
        response = conn.getresponse()
        return json.loads(response.read())

    try:
        def aliased(n, offset):
            # Literal arguments keep 1,000 aliases under the 100 kB body limit (variables do not).
            fields = " ".join(f'a{i}:createUser(input:{{fullName:"P{offset + i}",craftAbility:Design,jobLevel:Mid,craftFocus:Mobile}}){{id}}'
                              for i in range(n))
            return f"mutation{{{fields}}}", {}

        timings = []
        for round_ in range(3):
            query, variables = aliased(args.aliases, round_ * args.aliases)
            size = len(json.dumps({"query": query, "variables": variables}))
            started = time.perf_counter()
            result = post(query, variables)
            timings.append(time.perf_counter() - started)
            assert "errors" not in result, result["errors"][:1]
        print(f"one document of {args.aliases} aliased createUser ({size / 1024:.0f} kB): "
              f"median {statistics.median(timings) * 1000:.0f} ms over {len(timings)} documents")
        # Trim to exactly 1,000 users for the read measurement.
        users = post("{ users { id } }")["data"]["users"]
        for user in users[1000:]:
            post("mutation($id: Int!) { deleteUser(id: $id) }", {"id": user["id"]})
        assert len(post("{ users { id } }")["data"]["users"]) == 1000
        started = time.perf_counter()
        for _ in range(args.requests):
            post("{ users { id } }")
        elapsed = time.perf_counter() - started
        print(f"{{ users {{ id }} }} with 1,000 users: {args.requests / elapsed:.0f} requests/s "
              f"({elapsed / args.requests * 1000:.1f} ms each, one keep-alive connection)")
        started = time.perf_counter()
        for _ in range(args.requests):
            post("{ hello }")
        elapsed = time.perf_counter() - started
        print(f"{{ hello }}: {args.requests / elapsed:.0f} requests/s")
    finally:
        conn.close()
        proc.terminate()
        proc.wait()


if __name__ == "__main__":
    main()
