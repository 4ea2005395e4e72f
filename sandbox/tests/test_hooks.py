"""The test hooks: off by default, starting states, faults and the audit log."""
import http.client
import json
import time

import pytest

from conftest import OWNER, TOKEN, Sandbox, person

CREATE2 = "mutation($a: CreateUserInput!, $b: CreateUserInput!) { a: createUser(input: $a) { id } b: createUser(input: $b) { id } }"
USERS = "{ users { fullName } }"


def test_hooks_are_off_without_the_flag():
    s = Sandbox("--token", TOKEN)
    try:
        status, _ = s.request("POST", "/__sandbox/state", {})
        assert status == 404
    finally:
        s.stop()


def test_state_replaces_everything_and_returns_ids(sandbox):
    created = sandbox.state(people=[person("A", id=10), person("B")], teams=[{"name": "T", "lead": 10, "members": [10, 11]}],
                            levels={"Junior": 18})
    assert created[OWNER]["people"] == [10, 11]
    body = sandbox.gql("{ users { id } teams { name members { id } } jobLevelLimits { jobLevel limitMonths } }")[1]["data"]
    assert body == {"users": [{"id": 10}, {"id": 11}], "teams": [{"name": "T", "members": [{"id": 10}, {"id": 11}]}],
                    "jobLevelLimits": [{"jobLevel": "Junior", "limitMonths": 18}]}


def test_nth_mutation_fails_with_the_given_message(sandbox):
    sandbox.state()
    sandbox.hook("faults", {"faults": [{"kind": "mutation", "n": 2, "message": "database is on fire"}]})
    body = sandbox.gql(CREATE2, {"a": person("A"), "b": person("B")})[1]
    assert body["data"] is None
    assert body["errors"][0]["message"] == "database is on fire"
    assert body["errors"][0]["path"] == ["b"]
    assert [u["fullName"] for u in sandbox.gql(USERS)[1]["data"]["users"]] == ["A"]


@pytest.mark.parametrize("status,retry", [(500, None), (503, 2), (429, 1)])
def test_nth_request_answers_a_status_without_running(sandbox, status, retry):
    sandbox.state()
    fault = {"kind": "status", "n": 1, "status": status}
    if retry:
        fault["retryAfter"] = retry
    sandbox.hook("faults", {"faults": [fault]})
    response, _ = sandbox.request("POST", "/graphql", {"query": CREATE2, "variables": {"a": person("A"), "b": person("B")}},
                                  headers={"Authorization": f"Bearer {TOKEN}"}, raw=True)
    assert response.status == status
    assert response.getheader("Retry-After") == (str(retry) if retry else None)
    assert sandbox.gql(USERS)[1]["data"]["users"] == []


def raw_post(sandbox, query, variables):
    conn = http.client.HTTPConnection(sandbox.host, sandbox.port, timeout=5)
    try:
        conn.request("POST", "/graphql", body=json.dumps({"query": query, "variables": variables}),
                     headers={"Authorization": f"Bearer {TOKEN}", "Content-Type": "application/json"})
        return conn.getresponse().status
    finally:
        conn.close()


def test_close_before_running(sandbox):
    sandbox.state()
    sandbox.hook("faults", {"faults": [{"kind": "close-before", "n": 1}]})
    with pytest.raises((http.client.RemoteDisconnected, ConnectionError)):
        raw_post(sandbox, CREATE2, {"a": person("A"), "b": person("B")})
    assert sandbox.gql(USERS)[1]["data"]["users"] == []


def test_close_after_running(sandbox):
    sandbox.state()
    sandbox.hook("faults", {"faults": [{"kind": "close-after", "n": 1}]})
    with pytest.raises((http.client.RemoteDisconnected, ConnectionError)):
        raw_post(sandbox, CREATE2, {"a": person("A"), "b": person("B")})
    assert [u["fullName"] for u in sandbox.gql(USERS)[1]["data"]["users"]] == ["A", "B"]


def test_delay(sandbox):
    import time
    sandbox.state()
    sandbox.hook("faults", {"faults": [{"kind": "delay", "n": 1, "ms": 300}]})
    started = time.monotonic()
    assert sandbox.gql("{ hello }")[0] == 200
    assert time.monotonic() - started >= 0.3


def test_delay_counting_mutation_requests_holds_the_request_before_it_runs(sandbox):
    import threading
    import time
    sandbox.state()
    sandbox.hook("faults", {"faults": [{"kind": "delay", "n": 2, "ms": 600, "requests": "mutations"}]})
    assert sandbox.gql(USERS)[0] == 200                       # a read: not counted
    sandbox.gql(CREATE2, {"a": person("A"), "b": person("B")})  # mutation request 1: not held
    slow = threading.Thread(target=lambda: raw_post(sandbox, CREATE2, {"a": person("C"), "b": person("D")}))
    slow.start()
    time.sleep(0.2)
    # Held, and not run yet: a read meanwhile does not see it.
    assert sandbox.hook("stats")["pending"] == 1
    assert [u["fullName"] for u in sandbox.gql(USERS)[1]["data"]["users"]] == ["A", "B"]
    slow.join()
    assert sandbox.hook("stats")["pending"] == 0
    assert [u["fullName"] for u in sandbox.gql(USERS)[1]["data"]["users"]] == ["A", "B", "C", "D"]


def test_late_closes_at_once_and_runs_later(sandbox):
    import time
    sandbox.state()
    sandbox.hook("faults", {"faults": [{"kind": "late", "n": 1, "ms": 400, "requests": "mutations"}]})
    with pytest.raises((http.client.RemoteDisconnected, ConnectionError)):
        raw_post(sandbox, CREATE2, {"a": person("A"), "b": person("B")})
    assert sandbox.gql(USERS)[1]["data"]["users"] == []
    deadline = time.monotonic() + 5
    while sandbox.hook("stats")["pending"] and time.monotonic() < deadline:
        time.sleep(0.05)
    assert [u["fullName"] for u in sandbox.gql(USERS)[1]["data"]["users"]] == ["A", "B"]


def test_audit_log_records_mutations_with_memberships(sandbox):
    created = sandbox.state(people=[person("A"), person("B")])[OWNER]
    a, b = created["people"]
    sandbox.hook("audit", {"enabled": True})
    sandbox.gql("mutation($i: CreateTeamInput!) { createTeam(input: $i) { id } }", {"i": {"name": "T", "teamLeadId": a, "memberIds": [b]}})
    sandbox.gql("mutation { updateUser(id: 999, input: {fullName: \"X\", craftAbility: Design, jobLevel: Mid, craftFocus: Mobile}) { id } }")
    _, log = sandbox.request("GET", "/__sandbox/audit")
    entries = log["entries"]
    assert [(e["mutation"], e["ok"]) for e in entries] == [("createTeam", True), ("updateUser", False)]
    team_id = next(iter(entries[0]["memberships"]))
    assert entries[0]["memberships"] == {team_id: [b, a]}
    assert entries[1]["error"] == "User not found"


def test_stats_count_requests_and_sizes(sandbox):
    sandbox.state()
    sandbox.gql("{ hello }")
    sandbox.gql("{ users { id } }")
    _, stats = sandbox.request("GET", "/__sandbox/stats")
    assert stats["requests"] == 2
    assert stats["largestRequest"] > 0


def test_timings_time_each_graphql_request_on_the_callers_clock(sandbox):
    sandbox.state()
    sandbox.gql("{ hello }")                                # before timing starts: not kept
    assert sandbox.hook("timings", {"enabled": True}) == {"requests": []}
    before = time.perf_counter()
    sandbox.gql("{ hello }")
    sandbox.gql("{ users { id } }")
    _, timings = sandbox.request("GET", "/__sandbox/timings")
    after = time.perf_counter()       # a request's end is taken after its answer went out
    requests = timings["requests"]
    assert len(requests) == 2                                # the hook calls themselves are not timed
    for r in requests:
        assert before <= r["started"] <= r["ended"] <= after
        assert 0 <= r["cpu"] and r["requestBytes"] > 0 and r["responseBytes"] > 0
    assert requests[0]["ended"] <= requests[1]["started"]
