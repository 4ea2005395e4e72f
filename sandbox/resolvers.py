"""MPS's resolvers for users, teams, job level limits, spaces and sessions, with its quirks:
full-replacement updates, the lead appended to members, nothing transactional, names not unique."""
import sqlite3

from graphql import GraphQLError

from .store import CRAFT_FROM_DB, CRAFT_TO_DB, FOCUS_FROM_DB, FOCUS_TO_DB, now_iso


class RequestContext:
    """Who is asking, in which space, for one HTTP request."""

    def __init__(self, store, session, requested_space, hooks):
        self.store = store
        self.session = session
        self.hooks = hooks
        self.user_id = session["id"] if session else None
        # Users built for this request's `users` field, by id: `teams` in the same read shares
        # them instead of building each member again (a query runs no mutation in between).
        self.users_out = {}
        # An id the caller may not use is silently ignored: the caller's own space is used.
        if self.user_id and requested_space and store.can_use_space(self.user_id, requested_space):
            self.space_id = requested_space
        else:
            self.space_id = self.user_id

    def require_auth(self):
        if self.session is None:
            raise GraphQLError("Not authenticated")


def failed_query(sql, params, error):
    """Drizzle's wrapping of a database error."""
    return GraphQLError(f"Failed query: {sql}\nparams: {','.join(str(p) for p in params)}")


USER_COLUMNS = "id, full_name, craft_ability, job_level, level_start_date, craft_focus, rating, trend, created_at"


def user_out(row):
    return {
        "id": row["id"], "fullName": row["full_name"], "craftAbility": CRAFT_FROM_DB[row["craft_ability"]],
        "jobLevel": row["job_level"], "levelStartDate": row["level_start_date"], "craftFocus": FOCUS_FROM_DB[row["craft_focus"]],
        "rating": row["rating"], "trend": row["trend"], "createdAt": row["created_at"],
    }


def tuples(db, sql, params):
    """Rows as plain tuples: reading a whole space, sqlite3.Row's lookups by name cost more
    than the query."""
    cursor = db.cursor()
    cursor.row_factory = None
    return cursor.execute(sql, params)


def users_out(db, space_id):
    """Every user of the space, as user_out gives them, in name order."""
    craft, focus = CRAFT_FROM_DB, FOCUS_FROM_DB
    return [{"id": i, "fullName": name, "craftAbility": craft[c], "jobLevel": level, "levelStartDate": start, "craftFocus": focus[f],
             "rating": rating, "trend": trend, "createdAt": created}
            for i, name, c, level, start, f, rating, trend, created
            in tuples(db, f"SELECT {USER_COLUMNS} FROM users WHERE space_id = ? ORDER BY full_name", (space_id,))]


def team_out(ctx, row):
    db = ctx.store.db
    lead = db.execute("SELECT * FROM users WHERE id = ?", (row["team_lead_id"],)).fetchone()
    members = db.execute("SELECT u.* FROM team_members tm JOIN users u ON u.id = tm.user_id WHERE tm.team_id = ? ORDER BY tm.id",
                         (row["id"],)).fetchall()
    return {"id": row["id"], "name": row["name"], "teamLead": user_out(lead) if lead else None,
            "members": [user_out(m) for m in members], "createdAt": row["created_at"]}


def teams_out(ctx, rows):
    """Every team with its lead and members in two queries, however many teams: the members as
    ids, completed from the space's users (read once per request)."""
    db = ctx.store.db
    if not rows:
        return []
    users = ctx.users_out
    if not users:
        users.update((u["id"], u) for u in users_out(db, ctx.space_id))
    members = {row["id"]: [] for row in rows}
    for team_id, user_id in tuples(db, "SELECT tm.team_id, tm.user_id FROM team_members tm JOIN teams t ON t.id = tm.team_id "
                                       "WHERE t.space_id = ? ORDER BY tm.id", (ctx.space_id,)):
        listed = members.get(team_id)
        if listed is not None:
            user = users.get(user_id)
            if user is None:
                # A member from another space (the real server has no such check either).
                user_row = db.execute("SELECT * FROM users WHERE id = ?", (user_id,)).fetchone()
                if user_row is None:
                    continue
                user = users[user_id] = user_out(user_row)
            listed.append(user)
    out = []
    for row in rows:
        lead = users.get(row["team_lead_id"])
        if lead is None:
            lead_row = db.execute("SELECT * FROM users WHERE id = ?", (row["team_lead_id"],)).fetchone()
            lead = user_out(lead_row) if lead_row else None
        out.append({"id": row["id"], "name": row["name"], "teamLead": lead, "members": members[row["id"]],
                    "createdAt": row["created_at"]})
    return out


# --- queries -------------------------------------------------------------------------------------

def resolve_hello(_, info):
    return "Hello from MPS!"


def resolve_users(_, info):
    ctx = info.context
    ctx.require_auth()
    users = users_out(ctx.store.db, ctx.space_id)
    ctx.users_out.update((u["id"], u) for u in users)
    return users


def resolve_user(_, info, id):
    ctx = info.context
    ctx.require_auth()
    row = ctx.store.db.execute("SELECT * FROM users WHERE id = ? AND space_id = ?", (id, ctx.space_id)).fetchone()
    return user_out(row) if row else None


def resolve_teams(_, info):
    ctx = info.context
    ctx.require_auth()
    rows = ctx.store.db.execute("SELECT * FROM teams WHERE space_id = ? ORDER BY id", (ctx.space_id,)).fetchall()
    return teams_out(ctx, rows)


def resolve_team(_, info, id):
    ctx = info.context
    ctx.require_auth()
    row = ctx.store.db.execute("SELECT * FROM teams WHERE id = ? AND space_id = ?", (id, ctx.space_id)).fetchone()
    return team_out(ctx, row) if row else None


def resolve_me(_, info):
    ctx = info.context
    if ctx.session is None:
        return None
    s = ctx.session
    return {"user": {"id": s["id"], "name": s["name"], "email": s["email"], "image": s["image"]}}


def resolve_my_spaces(_, info):
    ctx = info.context
    ctx.require_auth()
    db = ctx.store.db
    own = ctx.store.auth_user(ctx.user_id)
    spaces = [{"id": own["id"], "name": own["name"], "email": own["email"], "image": own["image"], "isOwner": True}]
    for row in db.execute("SELECT a.* FROM space_members m JOIN auth_users a ON a.id = m.owner_id WHERE m.member_auth_id = ? ORDER BY m.id",
                          (ctx.user_id,)):
        spaces.append({"id": row["id"], "name": row["name"], "email": row["email"], "image": row["image"], "isOwner": False})
    return spaces


def member_out(row):
    return {"id": row["id"], "authId": row["member_auth_id"], "email": row["email"], "name": row["name"], "image": row["image"],
            "createdAt": row["created_at"]}


def resolve_space_members(_, info):
    ctx = info.context
    ctx.require_auth()
    rows = ctx.store.db.execute("SELECT m.id, m.member_auth_id, m.created_at, a.email, a.name, a.image FROM space_members m "
                                "JOIN auth_users a ON a.id = m.member_auth_id WHERE m.owner_id = ? ORDER BY m.id", (ctx.space_id,))
    return [member_out(r) for r in rows]


def resolve_job_level_limits(_, info):
    ctx = info.context
    ctx.require_auth()
    rows = ctx.store.db.execute("SELECT job_level, limit_months FROM job_level_limits WHERE space_id = ? ORDER BY rowid", (ctx.space_id,))
    return [{"jobLevel": r["job_level"], "limitMonths": r["limit_months"]} for r in rows]


# --- mutations -----------------------------------------------------------------------------------

def _user_values(data):
    return (data["fullName"], CRAFT_TO_DB[data["craftAbility"]], data["jobLevel"], data.get("levelStartDate"),
            FOCUS_TO_DB[data["craftFocus"]])


def resolve_create_user(_, info, input):
    ctx = info.context
    ctx.require_auth()
    db = ctx.store.db
    values = _user_values(input)
    created = now_iso()
    cur = db.execute("INSERT INTO users (space_id, full_name, craft_ability, job_level, level_start_date, craft_focus, created_at) "
                     "VALUES (?, ?, ?, ?, ?, ?, ?)", (ctx.space_id,) + values + (created,))
    # The row as inserted (what `returning *` gives the real server), without reading it back.
    return user_out({"id": cur.lastrowid, "full_name": values[0], "craft_ability": values[1], "job_level": values[2],
                     "level_start_date": values[3], "craft_focus": values[4], "rating": None, "trend": None, "created_at": created})


def resolve_update_user(_, info, id, input):
    ctx = info.context
    ctx.require_auth()
    db = ctx.store.db
    if db.execute("SELECT 1 FROM users WHERE id = ? AND space_id = ?", (id, ctx.space_id)).fetchone() is None:
        raise GraphQLError("User not found")
    # Full replacement: an omitted levelStartDate clears it.
    db.execute("UPDATE users SET full_name = ?, craft_ability = ?, job_level = ?, level_start_date = ?, craft_focus = ? WHERE id = ?",
               _user_values(input) + (id,))
    return user_out(db.execute("SELECT * FROM users WHERE id = ?", (id,)).fetchone())


def resolve_delete_user(_, info, id):
    ctx = info.context
    ctx.require_auth()
    db = ctx.store.db
    if db.execute("SELECT 1 FROM users WHERE id = ? AND space_id = ?", (id, ctx.space_id)).fetchone() is None:
        return False
    led = db.execute("SELECT name FROM teams WHERE team_lead_id = ? ORDER BY id", (id,)).fetchone()
    if led is not None:
        raise GraphQLError(f'Cannot delete user: they are the lead of team "{led["name"]}"')
    # Not transactional: the memberships go first, and stay gone if the delete then fails.
    db.execute("DELETE FROM team_members WHERE user_id = ?", (id,))
    try:
        db.execute("DELETE FROM users WHERE id = ? AND space_id = ?", (id, ctx.space_id))
    except sqlite3.IntegrityError as error:
        raise failed_query('delete from "users" where ("users"."id" = $1 and "users"."space_id" = $2)', [id, ctx.space_id], error)
    return True


def _insert_members(db, team_id, member_ids, lead_id):
    """One multi-row insert, so an unknown user fails it whole and leaves the team empty."""
    ids = list(member_ids)
    if lead_id not in ids:
        ids.append(lead_id)
    if not ids:
        return
    sql = 'insert into "team_members" ("id", "team_id", "user_id") values ' + ", ".join(
        f"(default, ${2 * i + 1}, ${2 * i + 2})" for i in range(len(ids)))
    params = [p for uid in ids for p in (team_id, uid)]
    try:
        db.execute("INSERT INTO team_members (team_id, user_id) VALUES " + ", ".join("(?, ?)" for _ in ids), params)
    except sqlite3.IntegrityError as error:
        raise failed_query(sql, params, error)


def resolve_create_team(_, info, input):
    ctx = info.context
    ctx.require_auth()
    db = ctx.store.db
    lead = input["teamLeadId"]
    try:
        cur = db.execute("INSERT INTO teams (space_id, name, team_lead_id, created_at) VALUES (?, ?, ?, ?)",
                         (ctx.space_id, input["name"], lead, now_iso()))
    except sqlite3.IntegrityError as error:
        raise failed_query('insert into "teams" ("id", "space_id", "name", "team_lead_id", "created_at") values (default, $1, $2, $3, default)',
                           [ctx.space_id, input["name"], lead], error)
    _insert_members(db, cur.lastrowid, input["memberIds"], lead)
    return team_out(ctx, db.execute("SELECT * FROM teams WHERE id = ?", (cur.lastrowid,)).fetchone())


def resolve_update_team(_, info, id, input):
    ctx = info.context
    ctx.require_auth()
    db = ctx.store.db
    if db.execute("SELECT 1 FROM teams WHERE id = ? AND space_id = ?", (id, ctx.space_id)).fetchone() is None:
        raise GraphQLError("Team not found")
    lead = input["teamLeadId"]
    try:
        db.execute("UPDATE teams SET name = ?, team_lead_id = ? WHERE id = ?", (input["name"], lead, id))
    except sqlite3.IntegrityError as error:
        raise failed_query('update "teams" set "name" = $1, "team_lead_id" = $2 where "teams"."id" = $3', [input["name"], lead, id], error)
    # Full replacement of the memberships: delete all, insert again (not transactional).
    db.execute("DELETE FROM team_members WHERE team_id = ?", (id,))
    _insert_members(db, id, input["memberIds"], lead)
    return team_out(ctx, db.execute("SELECT * FROM teams WHERE id = ?", (id,)).fetchone())


def resolve_delete_team(_, info, id):
    ctx = info.context
    ctx.require_auth()
    db = ctx.store.db
    if db.execute("SELECT 1 FROM teams WHERE id = ? AND space_id = ?", (id, ctx.space_id)).fetchone() is None:
        return False
    db.execute("DELETE FROM team_members WHERE team_id = ?", (id,))
    db.execute("DELETE FROM teams WHERE id = ?", (id,))
    return True


def resolve_set_job_level_limit(_, info, jobLevel, limitMonths):
    ctx = info.context
    ctx.require_auth()
    ctx.store.db.execute("INSERT INTO job_level_limits (space_id, job_level, limit_months) VALUES (?, ?, ?) "
                         "ON CONFLICT (space_id, job_level) DO UPDATE SET limit_months = excluded.limit_months",
                         (ctx.space_id, jobLevel, limitMonths))
    return {"jobLevel": jobLevel, "limitMonths": limitMonths}


def resolve_link_auth_user(_, info, appUserId):
    ctx = info.context
    ctx.require_auth()
    cur = ctx.store.db.execute("UPDATE users SET auth_user_id = ? WHERE id = ? AND space_id = ?", (ctx.user_id, appUserId, ctx.space_id))
    if cur.rowcount == 0:
        raise GraphQLError("User not found")
    return True


def resolve_add_space_member(_, info, email):
    ctx = info.context
    ctx.require_auth()
    db = ctx.store.db
    member = db.execute("SELECT * FROM auth_users WHERE email = ?", (email,)).fetchone()
    if member is None:
        raise GraphQLError("No user found with that email")
    if member["id"] == ctx.user_id:
        raise GraphQLError("You cannot add yourself")
    if db.execute("SELECT 1 FROM space_members WHERE owner_id = ? AND member_auth_id = ?", (ctx.user_id, member["id"])).fetchone():
        raise GraphQLError("Already a member")
    cur = db.execute("INSERT INTO space_members (owner_id, member_auth_id, created_at) VALUES (?, ?, ?)", (ctx.user_id, member["id"], now_iso()))
    row = db.execute("SELECT m.id, m.member_auth_id, m.created_at, a.email, a.name, a.image FROM space_members m "
                     "JOIN auth_users a ON a.id = m.member_auth_id WHERE m.id = ?", (cur.lastrowid,)).fetchone()
    return member_out(row)


def resolve_remove_space_member(_, info, memberAuthId):
    ctx = info.context
    ctx.require_auth()
    cur = ctx.store.db.execute("DELETE FROM space_members WHERE owner_id = ? AND member_auth_id = ?", (ctx.user_id, memberAuthId))
    return cur.rowcount > 0


def resolve_leave_space(_, info, ownerAuthId):
    ctx = info.context
    ctx.require_auth()
    cur = ctx.store.db.execute("DELETE FROM space_members WHERE owner_id = ? AND member_auth_id = ?", (ownerAuthId, ctx.user_id))
    return cur.rowcount > 0


QUERIES = {
    "hello": resolve_hello, "users": resolve_users, "user": resolve_user, "teams": resolve_teams, "team": resolve_team,
    "me": resolve_me, "mySpaces": resolve_my_spaces, "spaceMembers": resolve_space_members,
    "jobLevelLimits": resolve_job_level_limits,
}
MUTATIONS = {
    "createUser": resolve_create_user, "updateUser": resolve_update_user, "deleteUser": resolve_delete_user,
    "createTeam": resolve_create_team, "updateTeam": resolve_update_team, "deleteTeam": resolve_delete_team,
    "setJobLevelLimit": resolve_set_job_level_limit, "linkAuthUser": resolve_link_auth_user,
    "addSpaceMember": resolve_add_space_member, "removeSpaceMember": resolve_remove_space_member, "leaveSpace": resolve_leave_space,
}
