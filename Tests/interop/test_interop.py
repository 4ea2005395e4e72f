"""roster's outputs read by other programs' parsers: Python's csv module and PyYAML. These checks
need Python's libraries, so they live here rather than in the Swift test targets. They run the
binary the Swift build made (`ROSTER_BIN`, else .build/debug/roster)."""
import csv
import importlib.util
import io
import json
import os
import re
import subprocess

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# The sandbox's own test helpers: a server process, talked to over real HTTP.
_spec = importlib.util.spec_from_file_location("sandbox_helpers", os.path.join(ROOT, "sandbox", "tests", "conftest.py"))
_helpers = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_helpers)
Sandbox = _helpers.Sandbox

ROSTER = os.environ.get("ROSTER_BIN", os.path.join(ROOT, ".build", "debug", "roster"))


def roster(*args, env=None):
    environment = {k: v for k, v in os.environ.items() if not k.startswith("MPS_")}
    environment["XDG_CONFIG_HOME"] = "/nonexistent-roster-config"
    environment.update(env or {})
    return subprocess.run([ROSTER, *args], cwd=ROOT, env=environment, capture_output=True, text=True, timeout=120)


def test_the_level_report_csv_opens_in_pythons_csv_module():
    fixture = os.path.join(ROOT, "Tests", "Golden", "report", "roster.yaml")
    result = roster("report", "levels", fixture, "--as-of", "2026-11-23", "--format", "csv")
    assert result.returncode == 0, result.stderr
    rows = list(csv.DictReader(io.StringIO(result.stdout, newline="")))
    assert len(rows) == 8
    assert list(rows[0].keys()) == ["name", "level", "levelStartDate", "months", "limitMonths", "status", "id", "teams"]
    assert rows[5]["name"] == 'Fay "Q", Jr'
    assert rows[0]["status"] == "over"
    assert rows[1]["teams"] == "Core <A&B>"
    for report in ["teams", "promotions"]:
        result = roster("report", report, fixture, "--as-of", "2026-11-23", "--since", "2024-01-01", "--format", "csv")
        assert result.returncode == 0, result.stderr
        assert list(csv.DictReader(io.StringIO(result.stdout, newline="")))


def test_exported_names_read_back_in_pyyaml():
    names = ["<<", "=", "? x", "- y", "!tag", "%x", "@x", "`x", "yes", "No", "~", "1e3", "0042", ".inf", "a: b",
             "#c", "&a", "*a", "|", ">"]
    token = "interop-token"
    server = Sandbox("--test-hooks", "--no-seed", "--token", f"{token}:u_8f3k2:Jane")
    try:
        people = [{"fullName": n, "craftAbility": "Design", "jobLevel": "Mid", "craftFocus": "Mobile"} for n in names]
        server.hook("state", {
            "accounts": [{"token": token, "id": "u_8f3k2", "name": "Jane"}],
            "spaces": {"u_8f3k2": {"people": people, "teams": [{"name": "<<", "lead": 1, "members": [1, 2]}]}},
        })
        result = roster("export", env={"MPS_ENDPOINT": server.url, "MPS_TOKEN": token})
    finally:
        server.stop()
    assert result.returncode == 0, result.stderr
    document = yaml.safe_load(result.stdout)
    assert sorted(p["name"] for p in document["people"]) == sorted(names), result.stdout
    assert [t["name"] for t in document["teams"]] == ["<<"]


def test_the_ci_workflow_has_the_jobs_and_rails_it_promises():
    with open(os.path.join(ROOT, "examples", "ci", "roster.yml")) as f:
        workflow = yaml.safe_load(f)
    jobs = workflow["jobs"]
    assert set(jobs) == {"plan", "apply", "drift"}, jobs
    assert workflow["permissions"] == {}, "no job gets a permission it does not name"
    assert jobs["apply"]["concurrency"]["group"] == jobs["drift"]["concurrency"]["group"]
    for name, job in jobs.items():
        steps = job["steps"]
        assert steps[0]["with"]["persist-credentials"] is False, name
        assert "@" in steps[0]["uses"] and len(steps[0]["uses"].split("@")[1]) == 40, "checkout pinned by commit"
        assert steps[1]["uses"].startswith("roster-dev/roster@") and steps[1]["with"]["command"] == name, name
    with open(os.path.join(ROOT, "action.yml")) as f:
        action = yaml.safe_load(f)
    assert set(action["inputs"]) >= {"command", "path", "endpoint", "token", "comment", "version"}
    assert set(action["outputs"]) == {"changes", "exitcode", "plan-file", "site-file"}
    for step in action["runs"]["steps"]:
        if "uses" in step:
            assert len(step["uses"].split("@")[1].split()[0]) == 40, step["uses"]
        if "run" in step:
            assert "${{" not in step["run"], "inputs reach scripts through env, never the script's text"
    json.dumps(workflow)  # plain data, nothing YAML-only


def test_the_fork_comment_workflow_runs_nothing_of_the_fork():
    with open(os.path.join(ROOT, "examples", "ci", "roster-comment.yml")) as f:
        workflow = yaml.safe_load(f)
    on = workflow.get("on", workflow.get(True))  # PyYAML reads a bare `on` as true
    assert on["workflow_run"] == {"workflows": ["roster"], "types": ["completed"]}
    assert workflow["permissions"] == {}
    (job,) = workflow["jobs"].values()
    assert job["permissions"] == {"contents": "read", "pull-requests": "write"}
    assert "head_repository.full_name != github.repository" in job["if"], "forks only"
    checkout, step = job["steps"]
    # This repository's own default branch, never a ref of the fork; no credentials kept.
    assert checkout["uses"].startswith("actions/checkout@") and "ref" not in checkout["with"]
    assert checkout["with"]["persist-credentials"] is False
    assert step["uses"].startswith("roster-dev/roster@") and step["with"] == {"command": "comment-diff"}



def test_the_examples_pin_every_action_by_commit_with_its_version():
    for name in ("roster.yml", "roster-comment.yml"):
        with open(os.path.join(ROOT, "examples", "ci", name)) as f:
            text = f.read()
        assert "unpinned-uses" not in text, f"{name}: no suppressed finding of an unpinned action"
        for line in text.splitlines():
            if "uses:" in line:
                ref, _, comment = line.split("@", 1)[1].partition(" # ")
                assert re.fullmatch(r"[0-9a-f]{40}", ref), line
                assert re.fullmatch(r"v?[0-9]+\.[0-9]+\.[0-9]+", comment.strip()), line
