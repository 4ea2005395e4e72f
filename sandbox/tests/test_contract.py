"""One test per behaviour of the MPS server the sandbox stands in for, through real HTTP."""
import socket
import sqlite3
import time

from conftest import OWNER, TOKEN, Sandbox, person

CREATE = "mutation($i: CreateUserInput!) { createUser(input: $i) { id fullName levelStartDate } }"
USERS = "{ users { id fullName craftAbility jobLevel craftFocus levelStartDate } }"
TEAMS = "{ teams { id name teamLead { id } members { id } } }"


def test_cold_start_answers_first_request_within_a_second():
    started = time.monotonic()
    s = Sandbox("--token", TOKEN)
    try:
        status, body = s.gql("{ hello }", token=None)
        assert status == 200 and body == {"data": {"hello": "Hello from MPS!"}}
        assert time.monotonic() - started < 1.0
    finally:
        s.stop()


def test_not_authenticated_is_200_with_data_null(sandbox):
    for token in (None, "wrong-token"):
        status, body = sandbox.gql("{ users { id } }", token=token)
        assert status == 200
        assert body["data"] is None
        assert body["errors"][0]["message"] == "Not authenticated"
        assert body["errors"][0]["extensions"]["code"] == "INTERNAL_SERVER_ERROR"
        assert body["errors"][0]["path"] == ["users"]


def test_me_is_null_without_a_session_and_hello_needs_no_auth(sandbox):
    assert sandbox.gql("{ me { user { id } } hello }", token=None) == (200, {"data": {"me": None, "hello": "Hello from MPS!"}})
    status, body = sandbox.gql("{ me { user { id name email } } }")
    assert body["data"]["me"]["user"] == {"id": OWNER, "name": "Olga Owner", "email": f"{OWNER}@sandbox.local"}


def test_failing_alias_nulls_the_response_earlier_ones_applied_later_ones_not_run(sandbox):
    sandbox.state()
    doc = """mutation($a: CreateUserInput!, $b: UpdateUserInput!, $c: CreateUserInput!) {
      a1: createUser(input: $a) { id }
      a2: updateUser(id: 999, input: $b) { id }
      a3: createUser(input: $c) { id }
    }"""
    status, body = sandbox.gql(doc, {"a": person("First"), "b": person("Nobody"), "c": person("Third")})
    assert status == 200
    assert body["data"] is None
    assert len(body["errors"]) == 1
    assert body["errors"][0]["message"] == "User not found"
    assert body["errors"][0]["path"] == ["a2"]
    names = [u["fullName"] for u in sandbox.gql(USERS)[1]["data"]["users"]]
    assert names == ["First"]


def test_mutations_run_serially_in_document_order(sandbox):
    sandbox.state()
    doc = "mutation($a: CreateUserInput!, $b: CreateUserInput!) { b: createUser(input: $b) { id } a: createUser(input: $a) { id } }"
    body = sandbox.gql(doc, {"a": person("A"), "b": person("B")})[1]
    assert body["data"]["b"]["id"] < body["data"]["a"]["id"]


def test_array_body_is_refused_with_400(sandbox):
    status, body = sandbox.request("POST", "/graphql", [{"query": "{ hello }"}])
    assert status == 400
    assert body["errors"][0]["message"] == "Operation batching disabled."


def test_body_over_100_kb_is_413_and_not_json(sandbox):
    big = {"query": "{ hello }", "variables": {"pad": "x" * 102400}}
    response, payload = sandbox.request("POST", "/graphql", big, raw=True)
    assert response.status == 413
    assert response.getheader("Content-Type").startswith("text/html")
    assert b"PayloadTooLargeError" in payload
    # The connection is still usable.
    assert sandbox.gql("{ hello }")[0] == 200


def test_body_of_exactly_100_kb_is_accepted(sandbox):
    query = "{ hello }"
    pad = 102400 - len('{"query": "' + query + '", "variables": {"pad": ""}}')
    body = ('{"query": "' + query + '", "variables": {"pad": "' + "x" * pad + '"}}').encode()
    assert len(body) == 102400
    assert sandbox.request("POST", "/graphql", body)[0] == 200


def test_syntax_error_is_400_parse_failed(sandbox):
    status, body = sandbox.gql("{ users { id ")
    assert status == 400
    assert body["errors"][0]["extensions"]["code"] == "GRAPHQL_PARSE_FAILED"


def test_validation_errors_are_400_validation_failed(sandbox):
    for query in ("{ users { nope } }", "mutation { setJobLevelLimit(jobLevel: Intern, limitMonths: 3) { limitMonths } }"):
        status, body = sandbox.gql(query)
        assert status == 400
        assert body["errors"][0]["extensions"]["code"] == "GRAPHQL_VALIDATION_FAILED"


def test_variable_coercion_errors_are_bad_user_input_without_data(sandbox):
    sandbox.state()
    bad_enum = person("X")
    bad_enum["craftAbility"] = "Marketing"
    missing = person("Y")
    del missing["jobLevel"]
    for variables in ({"i": bad_enum}, {"i": missing}):
        status, body = sandbox.gql(CREATE, variables)
        assert status == 200
        assert "data" not in body
        assert body["errors"][0]["extensions"]["code"] == "BAD_USER_INPUT"
    assert sandbox.gql(USERS)[1]["data"]["users"] == []


def test_names_are_not_unique(sandbox):
    sandbox.state()
    a = sandbox.gql(CREATE, {"i": person("Sam Lee")})[1]["data"]["createUser"]["id"]
    b = sandbox.gql(CREATE, {"i": person("Sam Lee")})[1]["data"]["createUser"]["id"]
    assert a != b
    assert [u["fullName"] for u in sandbox.gql(USERS)[1]["data"]["users"]] == ["Sam Lee", "Sam Lee"]


def test_memberships_are_not_unique_and_lead_is_appended(sandbox):
    ids = sandbox.state(people=[person("A"), person("B"), person("C")])[OWNER]["people"]
    a, b, c = ids
    create = "mutation($i: CreateTeamInput!) { createTeam(input: $i) { id teamLead { id } members { id } } }"
    t1 = sandbox.gql(create, {"i": {"name": "T", "teamLeadId": a, "memberIds": [b, b]}})[1]["data"]["createTeam"]
    assert [m["id"] for m in t1["members"]] == [b, b, a]
    t2 = sandbox.gql(create, {"i": {"name": "T", "teamLeadId": c, "memberIds": [a, b, c]}})[1]["data"]["createTeam"]
    assert [m["id"] for m in t2["members"]] == [a, b, c]
    assert t1["id"] != t2["id"]


def test_update_team_is_full_replacement_with_lead_appended(sandbox):
    created = sandbox.state(people=[person("A"), person("B"), person("C")])[OWNER]
    a, b, c = created["people"]
    t = sandbox.gql("mutation($i: CreateTeamInput!) { createTeam(input: $i) { id } }",
                    {"i": {"name": "T", "teamLeadId": a, "memberIds": [b, c]}})[1]["data"]["createTeam"]["id"]
    body = sandbox.gql("mutation($id: Int!, $i: UpdateTeamInput!) { updateTeam(id: $id, input: $i) { name teamLead { id } members { id } } }",
                       {"id": t, "i": {"name": "T2", "teamLeadId": b, "memberIds": [c]}})[1]["data"]["updateTeam"]
    assert body == {"name": "T2", "teamLead": {"id": b}, "members": [{"id": c}, {"id": b}]}


def test_update_user_is_full_replacement_and_clears_an_omitted_date(sandbox):
    [uid] = sandbox.state(people=[person("A", levelStartDate="2024-01-01")])[OWNER]["people"]
    doc = "mutation($id: Int!, $i: UpdateUserInput!) { updateUser(id: $id, input: $i) { fullName jobLevel levelStartDate } }"
    body = sandbox.gql(doc, {"id": uid, "i": person("A", level="Senior")})[1]
    assert body["data"]["updateUser"] == {"fullName": "A", "jobLevel": "Senior", "levelStartDate": None}


def test_unknown_ids(sandbox):
    sandbox.state()
    upd = sandbox.gql("mutation($i: UpdateUserInput!) { updateUser(id: 42, input: $i) { id } }", {"i": person("A")})[1]
    assert upd["errors"][0]["message"] == "User not found"
    team = sandbox.gql("mutation { updateTeam(id: 42, input: {name: \"T\", teamLeadId: 1, memberIds: []}) { id } }")[1]
    assert team["errors"][0]["message"] == "Team not found"
    assert sandbox.gql("mutation { deleteUser(id: 42) deleteTeam(id: 43) }")[1] == {"data": {"deleteUser": False, "deleteTeam": False}}
    assert sandbox.gql("{ user(id: 42) { id } team(id: 42) { id } }")[1] == {"data": {"user": None, "team": None}}


def test_delete_user_refuses_a_lead(sandbox):
    created = sandbox.state(people=[person("A"), person("B")], teams=[])[OWNER]
    a, b = created["people"]
    sandbox.gql("mutation($i: CreateTeamInput!) { createTeam(input: $i) { id } }", {"i": {"name": "Web", "teamLeadId": a, "memberIds": [b]}})
    body = sandbox.gql("mutation($id: Int!) { deleteUser(id: $id) }", {"id": a})[1]
    assert body["data"] is None
    assert body["errors"][0]["message"] == 'Cannot delete user: they are the lead of team "Web"'


def test_delete_user_with_schedule_history_fails_after_removing_memberships(sandbox):
    created = sandbox.state(people=[person("Lead"), person("Busy", scheduleHistory=True)])[OWNER]
    lead, busy = created["people"]
    sandbox.gql("mutation($i: CreateTeamInput!) { createTeam(input: $i) { id } }", {"i": {"name": "T", "teamLeadId": lead, "memberIds": [busy]}})
    body = sandbox.gql("mutation($id: Int!) { deleteUser(id: $id) }", {"id": busy})[1]
    assert body["data"] is None
    assert body["errors"][0]["message"].startswith('Failed query: delete from "users"')
    assert "params:" in body["errors"][0]["message"]
    users = [u["fullName"] for u in sandbox.gql(USERS)[1]["data"]["users"]]
    assert "Busy" in users
    assert sandbox.gql(TEAMS)[1]["data"]["teams"][0]["members"] == [{"id": lead}]


def test_delete_user_removes_memberships_then_the_user(sandbox):
    created = sandbox.state(people=[person("Lead"), person("Free")])[OWNER]
    lead, free = created["people"]
    sandbox.gql("mutation($i: CreateTeamInput!) { createTeam(input: $i) { id } }", {"i": {"name": "T", "teamLeadId": lead, "memberIds": [free]}})
    assert sandbox.gql("mutation($id: Int!) { deleteUser(id: $id) }", {"id": free})[1] == {"data": {"deleteUser": True}}
    assert sandbox.gql(TEAMS)[1]["data"]["teams"][0]["members"] == [{"id": lead}]


def test_unknown_member_leaves_the_team_without_members(sandbox):
    [a] = sandbox.state(people=[person("A")])[OWNER]["people"]
    body = sandbox.gql("mutation($i: CreateTeamInput!) { createTeam(input: $i) { id } }", {"i": {"name": "T", "teamLeadId": a, "memberIds": [9999]}})[1]
    assert body["data"] is None
    assert body["errors"][0]["message"].startswith('Failed query: insert into "team_members"')
    teams = sandbox.gql(TEAMS)[1]["data"]["teams"]
    assert teams == [{"id": teams[0]["id"], "name": "T", "teamLead": {"id": a}, "members": []}]
    # updateTeam: the old memberships are deleted before the failing insert.
    body = sandbox.gql("mutation($id: Int!, $i: UpdateTeamInput!) { updateTeam(id: $id, input: $i) { id } }",
                       {"id": teams[0]["id"], "i": {"name": "T", "teamLeadId": a, "memberIds": [a, 9999]}})[1]
    assert body["data"] is None
    assert sandbox.gql(TEAMS)[1]["data"]["teams"][0]["members"] == []


def test_unknown_lead_fails_the_team_insert(sandbox):
    sandbox.state()
    body = sandbox.gql("mutation { createTeam(input: {name: \"T\", teamLeadId: 777, memberIds: []}) { id } }")[1]
    assert body["data"] is None
    assert body["errors"][0]["message"].startswith('Failed query: insert into "teams"')
    assert sandbox.gql(TEAMS)[1]["data"]["teams"] == []


def test_delete_team_keeps_its_people(sandbox):
    created = sandbox.state(people=[person("A"), person("B")], teams=[])[OWNER]
    a, b = created["people"]
    t = sandbox.gql("mutation($i: CreateTeamInput!) { createTeam(input: $i) { id } }", {"i": {"name": "T", "teamLeadId": a, "memberIds": [b]}})[1]
    assert sandbox.gql("mutation($id: Int!) { deleteTeam(id: $id) }", {"id": t["data"]["createTeam"]["id"]})[1] == {"data": {"deleteTeam": True}}
    assert len(sandbox.gql(USERS)[1]["data"]["users"]) == 2


def test_users_sorted_by_name_teams_in_insertion_order(sandbox):
    created = sandbox.state(people=[person("Zed"), person("Amy"), person("Mo")])[OWNER]
    z, a, m = created["people"]
    for name, lead in (("Zulu", z), ("Alpha", a), ("Mike", m)):
        sandbox.gql("mutation($i: CreateTeamInput!) { createTeam(input: $i) { id } }", {"i": {"name": name, "teamLeadId": lead, "memberIds": []}})
    assert [u["fullName"] for u in sandbox.gql(USERS)[1]["data"]["users"]] == ["Amy", "Mo", "Zed"]
    assert [t["name"] for t in sandbox.gql(TEAMS)[1]["data"]["teams"]] == ["Zulu", "Alpha", "Mike"]


def test_enums_are_stored_as_display_names(tmp_path):
    db = tmp_path / "mps.db"
    s = Sandbox("--token", TOKEN, "--no-seed", db=str(db))
    try:
        s.gql(CREATE, {"i": person("P", craft="ProductManagement", focus="NotApplicable")})
        s.gql(CREATE, {"i": person("D", craft="DataScience")})
        body = s.gql(USERS)[1]["data"]["users"]
        assert [(u["craftAbility"], u["craftFocus"]) for u in body] == [("DataScience", "Backend"), ("ProductManagement", "NotApplicable")]
    finally:
        s.stop()
    rows = sqlite3.connect(db).execute("SELECT craft_ability, craft_focus FROM users ORDER BY full_name").fetchall()
    assert rows == [("Data Science", "Backend"), ("Product Management", "Not Applicable")]


def test_job_level_limits_upsert_and_no_delete(sandbox):
    sandbox.state()
    assert sandbox.gql("{ jobLevelLimits { jobLevel limitMonths } }")[1] == {"data": {"jobLevelLimits": []}}
    set_limit = "mutation($l: JobLevel!, $m: Int!) { setJobLevelLimit(jobLevel: $l, limitMonths: $m) { jobLevel limitMonths } }"
    assert sandbox.gql(set_limit, {"l": "Junior", "m": 18})[1] == {"data": {"setJobLevelLimit": {"jobLevel": "Junior", "limitMonths": 18}}}
    sandbox.gql(set_limit, {"l": "Mid", "m": 36})
    sandbox.gql(set_limit, {"l": "Junior", "m": 24})
    limits = sandbox.gql("{ jobLevelLimits { jobLevel limitMonths } }")[1]["data"]["jobLevelLimits"]
    assert sorted((l["jobLevel"], l["limitMonths"]) for l in limits) == [("Junior", 24), ("Mid", 36)]
    assert sandbox.gql(set_limit, {"l": "Staff", "m": -5})[1]["data"]["setJobLevelLimit"]["limitMonths"] == -5


def test_spaces_header_ignored_when_not_allowed_and_my_spaces(sandbox):
    accounts = [{"token": TOKEN, "id": OWNER, "name": "Olga Owner", "email": "olga@example.com"},
                {"token": "other-token", "id": "u_other", "name": "Omar Other", "email": "omar@example.com"},
                {"token": "third-token", "id": "u_third", "name": "Tia Third", "email": "tia@example.com"}]
    sandbox.hook("state", {"accounts": accounts, "members": [{"owner": "u_other", "member": OWNER}],
                           "spaces": {OWNER: {"people": [person("Mine")]}, "u_other": {"people": [person("Theirs")]},
                                      "u_third": {"people": [person("Secret")]}}})
    names = lambda space: [u["fullName"] for u in sandbox.gql(USERS, space=space)[1]["data"]["users"]]
    assert names(None) == ["Mine"]
    assert names("u_other") == ["Theirs"]
    assert names("u_third") == ["Mine"]           # not allowed: silently the caller's own space
    spaces = sandbox.gql("{ mySpaces { id name isOwner } }", space="u_other")[1]["data"]["mySpaces"]
    assert spaces == [{"id": OWNER, "name": "Olga Owner", "isOwner": True}, {"id": "u_other", "name": "Omar Other", "isOwner": False}]


def test_space_members_add_and_leave(sandbox):
    accounts = [{"token": TOKEN, "id": OWNER, "name": "Olga", "email": "olga@example.com"},
                {"token": "other-token", "id": "u_other", "name": "Omar", "email": "omar@example.com"}]
    sandbox.hook("state", {"accounts": accounts, "spaces": {}})
    added = sandbox.gql('mutation { addSpaceMember(email: "omar@example.com") { authId email name } }')[1]
    assert added == {"data": {"addSpaceMember": {"authId": "u_other", "email": "omar@example.com", "name": "Omar"}}}
    assert [m["authId"] for m in sandbox.gql("{ spaceMembers { authId } }")[1]["data"]["spaceMembers"]] == ["u_other"]
    assert sandbox.gql(f'mutation {{ leaveSpace(ownerAuthId: "{OWNER}") }}', token="other-token")[1] == {"data": {"leaveSpace": True}}
    assert sandbox.gql("{ spaceMembers { authId } }")[1]["data"]["spaceMembers"] == []


def test_demo_seeding_of_a_new_owner(seeded):
    users = seeded.gql(USERS)[1]["data"]["users"]
    assert len(users) == 15
    assert users[0]["fullName"] == "Alice Chen"
    teams = seeded.gql("{ teams { name teamLead { fullName } members { fullName } } }")[1]["data"]["teams"]
    assert [t["name"] for t in teams] == ["Frontend Platform", "Backend Services", "Design Systems", "Data & Analytics"]
    assert sorted(m["fullName"] for m in teams[0]["members"]) == ["Alice Chen", "David Kim", "Iris Johansson", "Leo Santos"]
    assert seeded.gql("{ jobLevelLimits { jobLevel } }")[1]["data"]["jobLevelLimits"] == []
    # Schedule history: Alice (a lead) aside, Bob cannot be deleted after leaving his team, Leo can.
    ids = {u["fullName"]: u["id"] for u in users}
    assert seeded.gql("mutation($id: Int!) { deleteUser(id: $id) }", {"id": ids["Leo Santos"]})[1] == {"data": {"deleteUser": True}}
    body = seeded.gql("mutation($id: Int!) { deleteUser(id: $id) }", {"id": ids["David Kim"]})[1]
    assert body["errors"][0]["message"].startswith("Failed query")


def test_emptied_space_is_seeded_again_after_restart(seeded):
    ids = [u["id"] for u in seeded.gql(USERS)[1]["data"]["users"]]
    for t in seeded.gql("{ teams { id } }")[1]["data"]["teams"]:
        seeded.gql("mutation($id: Int!) { deleteTeam(id: $id) }", {"id": t["id"]})
    for uid in ids:
        seeded.gql("mutation($id: Int!) { deleteUser(id: $id) }", {"id": uid})
    # Schedule history keeps some people; empty the rest of the way through the database.
    con = sqlite3.connect(seeded.db)
    con.execute("DELETE FROM schedule_assignments")
    con.execute("DELETE FROM users")
    con.commit()
    con.close()
    assert seeded.gql(USERS)[1]["data"]["users"] == []      # not in the same process
    seeded.restart()
    assert len(seeded.gql(USERS)[1]["data"]["users"]) == 15


def test_no_seed_and_seeding_ignores_the_space_header(tmp_path):
    s = Sandbox("--token", TOKEN, "--no-seed")
    try:
        assert s.gql(USERS)[1]["data"]["users"] == []
    finally:
        s.stop()
    s = Sandbox("--token", f"{TOKEN}:{OWNER}", "--token", "b-token:u_b")
    try:
        # b's first request names OWNER's space, which b may not use: b's own space is seeded.
        assert len(s.gql(USERS, token="b-token", space=OWNER)[1]["data"]["users"]) == 15
    finally:
        s.stop()


def test_get_session_and_sign_out(sandbox):
    status, body = sandbox.request("GET", "/api/auth/get-session", headers={"Authorization": f"Bearer {TOKEN}"})
    assert status == 200 and body["user"]["id"] == OWNER and "session" in body
    response, raw = sandbox.request("GET", "/api/auth/get-session", headers={"Authorization": "Bearer nope"}, raw=True)
    assert response.status == 200 and raw == b"null"
    assert sandbox.request("POST", "/api/auth/sign-out", headers={"Authorization": f"Bearer {TOKEN}"}) == (200, {"success": True})
    _, raw = sandbox.request("GET", "/api/auth/get-session", headers={"Authorization": f"Bearer {TOKEN}"}, raw=True)
    assert raw == b"null"


def test_auth_endpoints_are_rate_limited(sandbox):
    statuses = []
    for _ in range(101):
        response, _ = sandbox.request("GET", "/api/auth/get-session", headers={"Authorization": "Bearer x"}, raw=True)
        statuses.append(response.status)
    assert statuses[:100] == [200] * 100
    assert statuses[100] == 429
    assert int(response.getheader("X-Retry-After")) >= 1


def test_introspection_is_off_unless_asked_for(sandbox):
    status, body = sandbox.gql("{ __schema { types { name } } }")
    assert status == 400
    assert "introspection is not allowed" in body["errors"][0]["message"]
    s = Sandbox("--token", TOKEN, "--introspection")
    try:
        assert s.gql("{ __type(name: \"User\") { name } }")[1] == {"data": {"__type": {"name": "User"}}}
    finally:
        s.stop()


def test_keep_alive_many_requests_on_one_connection(sandbox):
    sandbox.state()
    started = time.monotonic()
    for _ in range(100):
        assert sandbox.gql("{ users { id } }")[0] == 200
    # With Nagle's delay each request would cost ~40 ms; 100 must take well under 2 s.
    assert time.monotonic() - started < 2.0


def test_response_leaves_in_one_segment(sandbox):
    """A raw socket sees the whole response in the first recv after TCP_NODELAY."""
    sock = socket.create_connection((sandbox.host, sandbox.port))
    try:
        body = b'{"query":"{ hello }"}'
        sock.sendall(b"POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: " +
                     str(len(body)).encode() + b"\r\n\r\n" + body)
        time.sleep(0.2)
        data = sock.recv(65536)
        assert data.startswith(b"HTTP/1.1 200") and data.endswith(b'{"data":{"hello":"Hello from MPS!"}}')
    finally:
        sock.close()
