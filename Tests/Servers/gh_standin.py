#!/usr/bin/env python3
"""A stand-in for GitHub's CLI (`gh`), for the tests of the GitHub Action's scripts: the calls the
loop makes, answered from a "world" the test writes, each call logged as one line in $GH_LOG.
`--jq` filters go through the real jq, as gh applies them.

The world is the JSON file $FAKE_GH_WORLD, when set:
  {"login": "...",                      GraphQL's viewer (default the workflow token's bot)
   "default_branch": "main",            GET repos/OWNER/NAME
   "comments": [...],                   every pull request's comments, as GitHub lists them
   "commit_pulls": {sha: [...], "*": [...]},   GET repos/…/commits/SHA/pulls
   "pr_heads": {number: sha}, "forks": [number],  gh pr view (default head "headsha")
   "runs": {head sha: run id, "*": run id},    gh run list --commit HEAD
   "artifacts": {run id: plan file},    gh run download RUN (copied as plan.json)
   "diffs": {run id: diff file},        gh run download RUN --name roster-diff (copied as diff.md)
   "pulls": [...],                      GET repos/OWNER/NAME/pulls (the open ones, as GitHub lists them)
   "deployments": [{"id", "sha", "state", "created_at"}],  the environment's deployments, newest first
   "open_prs": [number],                gh pr list
   "branch_heads": {branch: sha},       GET repos/…/branches/BRANCH (default: the job's GITHUB_SHA)
   "fail": {text: how}}                 a call whose arguments hold TEXT fails: "error" (exit 1, as
                                        gh does for an HTTP error), "nonjson" (an HTML page) or
                                        "truncated" (the JSON cut short)
Without it, the older variables stand in: FAKE_LOGIN, FAKE_COMMENTS, FAKE_PULLS (any commit's),
FAKE_RUN and FAKE_PLAN (any head's run and its plan), FAKE_OPEN_PR.
"""
import json
import os
import shutil
import subprocess
import sys


def world():
    path = os.environ.get("FAKE_GH_WORLD")
    if path:
        with open(path) as f:
            return json.load(f)
    env = os.environ
    loaded = json.loads(env.get("FAKE_PULLS") or "[]")
    return {
        "login": env.get("FAKE_LOGIN") or "github-actions[bot]",
        "comments": json.loads(env.get("FAKE_COMMENTS") or "[]"),
        "commit_pulls": {"*": loaded},
        "runs": {"*": env["FAKE_RUN"]} if env.get("FAKE_RUN") else {},
        "artifacts": {env["FAKE_RUN"]: env.get("FAKE_PLAN", "")} if env.get("FAKE_RUN") else {},
        "open_prs": [env["FAKE_OPEN_PR"]] if env.get("FAKE_OPEN_PR") else [],
    }


def option(args, name):
    return args[args.index(name) + 1] if name in args else None


def out(value, args):
    """Prints VALUE as gh does: through --jq when given, else as JSON."""
    text = json.dumps(value)
    expr = option(args, "--jq")
    if expr is None:
        print(text)
        return
    done = subprocess.run(["jq", "-r", expr], input=text, text=True, capture_output=True)
    sys.stdout.write(done.stdout)
    sys.stderr.write(done.stderr)
    if done.returncode:
        sys.exit(done.returncode)


def failed(args, w, value=None):
    """Answers as the world's `fail` says for a call whose arguments hold its text; True if it did."""
    joined = " ".join(args)
    for text, how in (w.get("fail") or {}).items():
        if text not in joined:
            continue
        if how == "error":
            print("HTTP 502: Bad Gateway (https://api.github.com/)", file=sys.stderr)
            sys.exit(1)
        body = "<html><body>502 Bad Gateway</body></html>" if how == "nonjson" else json.dumps(value or [{"x": 1}])[:-3]
        if option(args, "--jq") is None:
            print(body)
            return True
        done = subprocess.run(["jq", "-r", option(args, "--jq")], input=body, text=True, capture_output=True)
        sys.stdout.write(done.stdout)
        sys.stderr.write(done.stderr)
        sys.exit(done.returncode or 1)
    return False


def api(args, w):
    args = [a for a in args if a != "--paginate"]
    path = args[1].split("?")[0]
    parts = path.split("/")
    if path == "graphql":
        return out({"data": {"viewer": {"login": w.get("login", "github-actions[bot]")}}}, args)
    if option(args, "--method") in ("POST", "PATCH"):
        return None
    if len(parts) == 5 and parts[3] == "branches":
        heads = w.get("branch_heads", {})
        job = os.environ.get("GITHUB_SHA") or subprocess.run(
            ["git", "rev-parse", "HEAD"], capture_output=True, text=True).stdout.strip()
        return out({"name": parts[4], "commit": {"sha": heads.get(parts[4], job)}}, args)
    if parts[-1] == "artifacts" and parts[-3] == "runs":
        found = w.get("artifacts", {}).get(parts[-2])
        listed = [{"name": "roster-plan", "expired": False}] if found and os.path.exists(found) else []
        return out({"total_count": len(listed), "artifacts": listed}, args)
    if len(parts) == 3 and parts[0] == "repos":
        return out({"default_branch": w.get("default_branch", "main")}, args)
    if parts[-1] == "comments":
        return out(w.get("comments", []), args)
    if len(parts) == 4 and parts[-1] == "pulls":
        return out(w.get("pulls", []), args)
    if parts[-1] == "pulls" and parts[-3] == "commits":
        pulls = w.get("commit_pulls", {})
        return out(pulls.get(parts[-2], pulls.get("*", [])), args)
    if parts[-1] == "deployments":
        return out([{"id": d["id"], "sha": d["sha"]} for d in w.get("deployments", [])], args)
    if parts[-1] == "statuses":
        found = [d for d in w.get("deployments", []) if str(d["id"]) == parts[-2]]
        status = {"state": found[0]["state"], "created_at": found[0].get("created_at")} if found else None
        return out([status] if status else [], args)
    print(f"gh stand-in: no answer for api {path}", file=sys.stderr)
    sys.exit(1)


def main():
    args = sys.argv[1:]
    with open(os.environ["GH_LOG"], "a") as log:
        log.write(" ".join(args) + "\n")
    w = world()
    if failed(args, w):
        return None
    if args[0] == "api":
        return api(args, w)
    if args[:2] == ["pr", "view"]:
        number = args[2]
        head = w.get("pr_heads", {}).get(number, "headsha")
        return out({"headRefOid": head, "isCrossRepository": int(number) in w.get("forks", [])}, args)
    if args[:2] == ["run", "list"]:
        runs = w.get("runs", {})
        run = runs.get(option(args, "--commit"), runs.get("*"))
        return out([{"databaseId": int(run)}] if run else [], args)
    if args[:2] == ["run", "download"]:
        # The saved diff (roster-diff) or the saved plan (roster-plan), as the artifact holds it.
        kind, name = ("diffs", "diff.md") if option(args, "--name") == "roster-diff" else ("artifacts", "plan.json")
        found = w.get(kind, {}).get(str(args[2]))
        if not found or not os.path.exists(found):
            print("no artifact matches any of the names or patterns provided", file=sys.stderr)
            sys.exit(1)
        os.makedirs(option(args, "--dir"), exist_ok=True)
        shutil.copy(found, os.path.join(option(args, "--dir"), name))
        return None
    if args[:2] == ["pr", "list"]:
        return out([{"number": int(n)} for n in w.get("open_prs", [])], args)
    if args[:2] == ["pr", "create"]:
        print("https://github.com/org/people/pull/21")
    return None


if __name__ == "__main__":
    main()
