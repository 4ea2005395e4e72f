"""The sandbox's database: MPS's tables on SQLite, with the foreign keys that make its quirks real."""
import datetime
import hashlib
import sqlite3
import threading

SCHEMA = """
PRAGMA foreign_keys = ON;
CREATE TABLE IF NOT EXISTS auth_users (
    id TEXT PRIMARY KEY, name TEXT NOT NULL, email TEXT NOT NULL, image TEXT
);
CREATE TABLE IF NOT EXISTS sessions (
    token TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES auth_users(id), expires_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS space_members (
    id INTEGER PRIMARY KEY AUTOINCREMENT, owner_id TEXT NOT NULL REFERENCES auth_users(id),
    member_auth_id TEXT NOT NULL REFERENCES auth_users(id), created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS users (
    id INTEGER PRIMARY KEY AUTOINCREMENT, space_id TEXT NOT NULL, full_name TEXT NOT NULL,
    craft_ability TEXT NOT NULL, job_level TEXT NOT NULL, level_start_date TEXT, craft_focus TEXT NOT NULL,
    rating TEXT, trend TEXT, auth_user_id TEXT, created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS users_space ON users(space_id);
CREATE TABLE IF NOT EXISTS teams (
    id INTEGER PRIMARY KEY AUTOINCREMENT, space_id TEXT NOT NULL, name TEXT NOT NULL,
    team_lead_id INTEGER NOT NULL REFERENCES users(id), created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS teams_space ON teams(space_id);
CREATE TABLE IF NOT EXISTS team_members (
    id INTEGER PRIMARY KEY AUTOINCREMENT, team_id INTEGER NOT NULL REFERENCES teams(id),
    user_id INTEGER NOT NULL REFERENCES users(id)
);
CREATE INDEX IF NOT EXISTS team_members_team ON team_members(team_id);
CREATE INDEX IF NOT EXISTS team_members_user ON team_members(user_id);
-- Schedule history: rows here make deleting their user fail, as the real foreign keys do.
CREATE TABLE IF NOT EXISTS schedule_assignments (
    id INTEGER PRIMARY KEY AUTOINCREMENT, user_id INTEGER NOT NULL REFERENCES users(id), week TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS job_level_limits (
    space_id TEXT NOT NULL, job_level TEXT NOT NULL, limit_months INTEGER NOT NULL,
    PRIMARY KEY (space_id, job_level)
);
"""

# The database stores the apps' display names; the GraphQL API speaks enum names.
CRAFT_TO_DB = {"Engineering": "Engineering", "Design": "Design",
               "ProductManagement": "Product Management", "DataScience": "Data Science"}
FOCUS_TO_DB = {"Frontend": "Frontend", "Backend": "Backend", "Fullstack": "Fullstack", "Mobile": "Mobile",
               "Infrastructure": "Infrastructure", "NotApplicable": "Not Applicable"}
CRAFT_FROM_DB = {v: k for k, v in CRAFT_TO_DB.items()}
FOCUS_FROM_DB = {v: k for k, v in FOCUS_TO_DB.items()}

DEMO_PEOPLE = [
    ("Alice Chen", "Engineering", "Senior", "Frontend", True),
    ("Bob Martinez", "Engineering", "Staff", "Backend", True),
    ("Carol Nguyen", "Design", "Mid", "NotApplicable", True),
    ("David Kim", "Engineering", "Junior", "Fullstack", True),
    ("Elena Popov", "ProductManagement", "Senior", "NotApplicable", True),
    ("Frank O'Brien", "DataScience", "Mid", "Backend", False),
    ("Grace Tanaka", "Engineering", "Principal", "Infrastructure", True),
    ("Hassan Ali", "Design", "Senior", "Mobile", True),
    ("Iris Johansson", "Engineering", "Mid", "Mobile", False),
    ("James Wright", "ProductManagement", "Staff", "NotApplicable", False),
    ("Karen Liu", "DataScience", "Senior", "Infrastructure", True),
    ("Leo Santos", "Engineering", "Junior", "Frontend", False),
    ("Maya Patel", "Design", "Junior", "NotApplicable", False),
    ("Nathan Fischer", "Engineering", "Staff", "Fullstack", True),
    ("Olivia Dupont", "DataScience", "Principal", "Backend", True),
]
DEMO_TEAMS = [
    ("Frontend Platform", "Alice Chen", ["David Kim", "Iris Johansson", "Leo Santos"]),
    ("Backend Services", "Bob Martinez", ["Frank O'Brien", "Grace Tanaka", "Nathan Fischer"]),
    ("Design Systems", "Carol Nguyen", ["Hassan Ali", "Maya Patel"]),
    ("Data & Analytics", "Karen Liu", ["Elena Popov", "Olivia Dupont"]),
]


def now_iso():
    """ISO-8601 with milliseconds, as the server writes createdAt."""
    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"


def user_id_for_token(token):
    return "u_" + hashlib.sha256(token.encode()).hexdigest()[:8]


class Store:
    """One SQLite connection shared by every thread; `lock` serialises whole requests."""

    def __init__(self, path):
        self.lock = threading.RLock()
        self.db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self.db.row_factory = sqlite3.Row
        if path != ":memory:":
            self.db.execute("PRAGMA journal_mode = WAL")
            self.db.execute("PRAGMA synchronous = NORMAL")
        self.db.executescript(SCHEMA)
        self.db.execute("PRAGMA foreign_keys = ON")

    # --- auth -------------------------------------------------------------------------------
    def add_token(self, token, user_id=None, name=None, email=None):
        user_id = user_id or user_id_for_token(token)
        name = name or "Sandbox Owner"
        email = email or f"{user_id}@sandbox.local"
        self.db.execute("INSERT OR IGNORE INTO auth_users (id, name, email) VALUES (?, ?, ?)", (user_id, name, email))
        expires = (datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(days=30)).isoformat()
        self.db.execute("INSERT OR REPLACE INTO sessions (token, user_id, expires_at) VALUES (?, ?, ?)", (token, user_id, expires))
        return user_id

    def session(self, token):
        if not token:
            return None
        row = self.db.execute(
            "SELECT s.token, s.expires_at, a.id, a.name, a.email, a.image FROM sessions s JOIN auth_users a ON a.id = s.user_id "
            "WHERE s.token = ?", (token,)).fetchone()
        if row is None or row["expires_at"] < datetime.datetime.now(datetime.timezone.utc).isoformat():
            return None
        return row

    def end_session(self, token):
        self.db.execute("DELETE FROM sessions WHERE token = ?", (token,))

    def auth_user(self, user_id):
        return self.db.execute("SELECT * FROM auth_users WHERE id = ?", (user_id,)).fetchone()

    def can_use_space(self, user_id, space_id):
        if space_id == user_id:
            return True
        return self.db.execute("SELECT 1 FROM space_members WHERE owner_id = ? AND member_auth_id = ?",
                               (space_id, user_id)).fetchone() is not None

    # --- demo data --------------------------------------------------------------------------
    def people_count(self, space_id):
        return self.db.execute("SELECT COUNT(*) FROM users WHERE space_id = ?", (space_id,)).fetchone()[0]

    def seed_demo(self, space_id):
        ids = {}
        for name, craft, level, focus, history in DEMO_PEOPLE:
            cur = self.db.execute(
                "INSERT INTO users (space_id, full_name, craft_ability, job_level, craft_focus, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                (space_id, name, CRAFT_TO_DB[craft], level, FOCUS_TO_DB[focus], now_iso()))
            ids[name] = cur.lastrowid
            if history:
                self.db.execute("INSERT INTO schedule_assignments (user_id, week) VALUES (?, ?)", (cur.lastrowid, "2026-W01"))
        for team, lead, members in DEMO_TEAMS:
            cur = self.db.execute("INSERT INTO teams (space_id, name, team_lead_id, created_at) VALUES (?, ?, ?, ?)",
                                  (space_id, team, ids[lead], now_iso()))
            for member in [lead] + members:
                self.db.execute("INSERT INTO team_members (team_id, user_id) VALUES (?, ?)", (cur.lastrowid, ids[member]))

    def memberships(self, space_id):
        """Team id -> member user ids, right now (for the audit log)."""
        rows = self.db.execute(
            "SELECT tm.team_id, tm.user_id FROM team_members tm JOIN teams t ON t.id = tm.team_id WHERE t.space_id = ? ORDER BY tm.id",
            (space_id,)).fetchall()
        out = {}
        for row in rows:
            out.setdefault(str(row["team_id"]), []).append(row["user_id"])
        return out

    def reset(self):
        for table in ["schedule_assignments", "team_members", "teams", "users", "job_level_limits", "space_members",
                      "sessions", "auth_users"]:
            self.db.execute(f"DELETE FROM {table}")
        # Ids start again at 1: a state loaded after a reset names its people by those ids.
        if self.db.execute("SELECT name FROM sqlite_master WHERE name = 'sqlite_sequence'").fetchone():
            self.db.execute("DELETE FROM sqlite_sequence")
