"""Test hooks: starting states, injected faults and an audit log. Served only with
--test-hooks, under /__sandbox/, never under the MPS paths."""
import threading

from .store import CRAFT_TO_DB, FOCUS_TO_DB, now_iso


class Hooks:
    def __init__(self, store):
        self.store = store
        self.lock = threading.Lock()
        self.request_count = 0          # /graphql requests received
        self.mutation_request_count = 0 # of them, requests whose operation is a mutation
        self.pending = 0                # delayed or late requests not yet run
        self.mutation_count = 0         # mutation fields started
        self.faults = []                # pending faults, each with an absolute target count
        self.audit_enabled = False
        self.audit = []
        self.requests = []              # body size of each /graphql request
        self.recording = False          # keep the bodies themselves, for replay benchmarks
        self.bodies = []
        self.timing = False             # time each /graphql request, for benchmarks
        self.timings = []

    # --- faults ---------------------------------------------------------------------------------
    def add_faults(self, faults):
        """Faults count from now: {"kind": "mutation", "n": 2, "message": "…"} fails the 2nd
        mutation field from now; request faults ("status", "close-before", "close-after",
        "delay", "late") act on the nth /graphql request from now, or with "requests": "mutations"
        on the nth request whose operation is a mutation."""
        with self.lock:
            for fault in faults:
                fault = dict(fault)
                if fault["kind"] == "mutation":
                    base = self.mutation_count
                elif fault.get("requests") == "mutations":
                    base = self.mutation_request_count
                else:
                    base = self.request_count
                fault["target"] = base + int(fault.get("n", 1))
                self.faults.append(fault)

    def next_request(self, body_size, is_mutation=False):
        """Counts a /graphql request; returns the request faults that hit it."""
        with self.lock:
            self.request_count += 1
            if is_mutation:
                self.mutation_request_count += 1

            def hits_this(f):
                if f["kind"] == "mutation":
                    return False
                if f.get("requests") == "mutations":
                    return is_mutation and f["target"] == self.mutation_request_count
                return f["target"] == self.request_count
            hits = [f for f in self.faults if hits_this(f)]
            self.faults = [f for f in self.faults if f not in hits]
            self.requests.append(body_size)
            return hits

    def record(self, body):
        if self.recording:
            self.bodies.append(body.decode("utf-8"))

    def time_request(self, started, ended, cpu, size_in, size_out):
        """Keeps one /graphql request's times: when its headers had been read and its answer sent
        (time.perf_counter, which is CLOCK_MONOTONIC on Linux and so comparable with a
        benchmark's own clock), and the CPU time its thread spent on it."""
        if self.timing:
            self.timings.append((started, ended, cpu, size_in, size_out))

    def next_mutation(self):
        """Counts a mutation field; returns the message to fail it with, if a fault hits it."""
        with self.lock:
            self.mutation_count += 1
            for f in self.faults:
                if f["kind"] == "mutation" and f["target"] == self.mutation_count:
                    self.faults.remove(f)
                    return f.get("message", "Injected failure")
            return None

    # --- audit ----------------------------------------------------------------------------------
    def audit_record(self, space_id, mutation, args, error):
        if not self.audit_enabled:
            return
        entry = {"seq": len(self.audit) + 1, "mutation": mutation, "args": args, "ok": error is None,
                 "memberships": self.store.memberships(space_id)}
        if error is not None:
            entry["error"] = error
        self.audit.append(entry)

    def hold(self, delta):
        """Counts delayed and late requests that have not run yet."""
        with self.lock:
            self.pending += delta

    def stats(self):
        with self.lock:
            return {"requests": self.request_count, "mutations": self.mutation_count, "pending": self.pending,
                    "largestRequest": max(self.requests, default=0), "totalRequestBytes": sum(self.requests)}

    def reset_counters(self):
        with self.lock:
            self.requests = []
            self.request_count = 0
            self.mutation_request_count = 0
            self.mutation_count = 0
            self.faults = []
            self.audit = []

    # --- state ----------------------------------------------------------------------------------
    def load_state(self, state):
        """Replaces all data with `state`:
        {"accounts": [{"token", "id", "name", "email"}],
         "members": [{"owner": id, "member": id}],
         "spaces": {owner id: {"people": [{"id"?, "fullName", "craftAbility", "jobLevel", "craftFocus",
                                           "levelStartDate"?, "scheduleHistory"?}],
                               "teams": [{"id"?, "name", "lead": person id, "members": [person ids]}],
                               "levels": {"Junior": 18}}}}
        Returns the ids given to people and teams, in order."""
        db = self.store.db
        self.store.reset()
        for account in state.get("accounts", []):
            self.store.add_token(account["token"], account.get("id"), account.get("name"), account.get("email"))
        for link in state.get("members", []):
            db.execute("INSERT INTO space_members (owner_id, member_auth_id, created_at) VALUES (?, ?, ?)",
                       (link["owner"], link["member"], now_iso()))
        created = {}
        for space_id, space in state.get("spaces", {}).items():
            people_ids, team_ids = [], []
            for p in space.get("people", []):
                cur = db.execute(
                    "INSERT INTO users (id, space_id, full_name, craft_ability, job_level, level_start_date, craft_focus, created_at) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (p.get("id"), space_id, p["fullName"], CRAFT_TO_DB[p["craftAbility"]], p["jobLevel"], p.get("levelStartDate"),
                     FOCUS_TO_DB[p["craftFocus"]], now_iso()))
                people_ids.append(cur.lastrowid)
                if p.get("scheduleHistory"):
                    db.execute("INSERT INTO schedule_assignments (user_id, week) VALUES (?, ?)", (cur.lastrowid, "2026-W01"))
            for t in space.get("teams", []):
                cur = db.execute("INSERT INTO teams (id, space_id, name, team_lead_id, created_at) VALUES (?, ?, ?, ?, ?)",
                                 (t.get("id"), space_id, t["name"], t["lead"], now_iso()))
                for member in t.get("members", []):
                    db.execute("INSERT INTO team_members (team_id, user_id) VALUES (?, ?)", (cur.lastrowid, member))
                team_ids.append(cur.lastrowid)
            for level, months in space.get("levels", {}).items():
                db.execute("INSERT INTO job_level_limits (space_id, job_level, limit_months) VALUES (?, ?, ?)", (space_id, level, months))
            created[space_id] = {"people": people_ids, "teams": team_ids}
        return created
