#!/usr/bin/env python3
"""Writes a synthetic roster of N people in teams of 10 (one lead, nine members).

Usage: generate_roster.py N OUT.yaml [--json]
The same generator feeds the validate, plan and apply benchmarks, so their inputs agree.
"""
import json
import random
import sys

CRAFTS = ["Engineering", "Design", "ProductManagement", "DataScience"]
LEVELS = ["Junior", "Mid", "Senior", "Staff", "Principal"]
FOCUSES = ["Frontend", "Backend", "Fullstack", "Mobile", "Infrastructure", "NotApplicable"]
FIRST = ["Alice", "Bob", "Carol", "David", "Elena", "Frank", "Grace", "Hassan", "Iris", "James",
         "Karen", "Leo", "Maya", "Nathan", "Olivia", "Zoë", "Søren", "Ana", "Kenji", "Priya"]
LAST = ["Chen", "Martinez", "Nguyen", "Kim", "Popov", "O'Brien", "Tanaka", "Ali", "Johansson",
        "Wright", "Liu", "Santos", "Patel", "Fischer", "Dupont", "Müller", "Ruiz", "Okafor"]


def roster(n, seed=7):
    rng = random.Random(seed)
    people = []
    for i in range(n):
        person = {
            "name": f"{rng.choice(FIRST)} {rng.choice(LAST)} {i:06d}",
            "craft": rng.choice(CRAFTS),
            "level": rng.choice(LEVELS),
            "focus": rng.choice(FOCUSES),
        }
        if i % 3 == 0:
            person["levelStartDate"] = f"20{rng.randint(15, 26):02d}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
        people.append(person)
    teams = []
    for t in range(n // 10):
        group = people[t * 10:(t + 1) * 10]
        teams.append({"name": f"Team {t:05d}", "lead": group[0]["name"], "members": [p["name"] for p in group[1:]]})
    return {"version": 1, "people": people, "teams": teams,
            "levels": {"Junior": {"limitMonths": 24}, "Mid": {"limitMonths": 36}}}


def write_yaml(data, out):
    def q(s):
        return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"' if any(c in s for c in "'#:") else s
    out.write("version: 1\n\npeople:\n")
    for p in data["people"]:
        out.write(f"  - name: {q(p['name'])}\n    craft: {p['craft']}\n    level: {p['level']}\n    focus: {p['focus']}\n")
        if "levelStartDate" in p:
            out.write(f"    levelStartDate: {p['levelStartDate']}\n")
    out.write("\nteams:\n")
    for t in data["teams"]:
        out.write(f"  - name: {t['name']}\n    lead: {q(t['lead'])}\n    members:\n")
        for m in t["members"]:
            out.write(f"      - {q(m)}\n")
    out.write("\nlevels:\n  Junior: { limitMonths: 24 }\n  Mid: { limitMonths: 36 }\n")


def main():
    n, path = int(sys.argv[1]), sys.argv[2]
    data = roster(n)
    with open(path, "w", encoding="utf-8") as out:
        if "--json" in sys.argv:
            json.dump(data, out, ensure_ascii=False)
        else:
            write_yaml(data, out)


if __name__ == "__main__":
    main()
