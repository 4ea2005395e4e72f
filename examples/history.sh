#!/bin/sh
# Builds the small git history docs/commands.md reads with `roster log` and `roster diff`: a
# roster committed, a last day decided ahead, a branch merged (a move and a promotion), the roster
# split into a folder, a hire. Fixed authors and dates: the same commits every time.
# Usage: sh examples/history.sh FOLDER   (FOLDER must not exist yet)
set -eu
folder=${1:?usage: sh examples/history.sh FOLDER}
mkdir "$folder"
cd "$folder"
export GIT_AUTHOR_NAME="Ana Lima" GIT_AUTHOR_EMAIL=ana@example.com
export GIT_COMMITTER_NAME="Ana Lima" GIT_COMMITTER_EMAIL=ana@example.com
commit() { # DAY SUBJECT
    GIT_AUTHOR_DATE="$1T10:00:00+00:00" GIT_COMMITTER_DATE="$1T10:00:00+00:00" \
        git -c commit.gpgsign=false commit -q -m "$2"
}
git init -q -b main

people='version: 1
defaults: { craft: Engineering, focus: Backend }
people:
  - { name: Ana Lima, level: Staff }
  - { name: Ben Okafor, level: Mid }
  - { name: Cy Núñez, level: Mid }
  - { name: Dee Müller, level: Senior }
  - { name: Eve Sá, level: Senior, LASTDAY }
  - { name: Fil Ng, level: Junior }
'
teams() { # CHECKOUT SEARCH SEARCH-CHANGES
    printf 'teams:\n  - name: Checkout\n    lead: Ana Lima\n    members: [%s]\n' "$1"
    printf '  - name: Search\n    lead: Dee Müller\n    members: [%s]\n%s' "$2" "$3"
}
roster() { # LASTDAY CHECKOUT SEARCH SEARCH-CHANGES
    printf '%s' "$people" | sed "s/, LASTDAY/$1/"
    teams "$2" "$3" "$4"
}

roster "" "Ben Okafor, Cy Núñez" "Eve Sá, Fil Ng" "" > roster.yaml
git add roster.yaml && commit 2026-03-02 "The platform group's roster"

leaves='    changes:\n      - { on: 2026-04-01, members: [%s] }\n'
roster ", lastDay: 2026-03-31" "Ben Okafor, Cy Núñez" "Eve Sá, Fil Ng" "$(printf "$leaves" "Fil Ng")
" > roster.yaml
git add roster.yaml && commit 2026-03-05 "Eve Sá leaves at the end of March"

git checkout -q -b reorg
roster ", lastDay: 2026-03-31" "Cy Núñez" "Eve Sá, Fil Ng, Ben Okafor" "$(printf "$leaves" "Fil Ng, Ben Okafor")
" > roster.yaml
git add roster.yaml && commit 2026-03-09 "Ben Okafor moves to Search"
sed 's/name: Cy Núñez, level: Mid/name: Cy Núñez, level: Senior/' roster.yaml > roster.new && mv roster.new roster.yaml
git add roster.yaml && commit 2026-03-10 "Cy Núñez is promoted"
git checkout -q main
GIT_AUTHOR_DATE="2026-03-11T10:00:00+00:00" GIT_COMMITTER_DATE="2026-03-11T10:00:00+00:00" \
    git -c commit.gpgsign=false merge -q --no-ff reorg -m "Merge branch 'reorg'"

mkdir roster
git mv roster.yaml roster/people.yaml
sed -n '/^teams:/,$p' roster/people.yaml > teams.part
sed '/^teams:/,$d' roster/people.yaml > roster/people.yaml.new && mv roster/people.yaml.new roster/people.yaml
{ echo "version: 1"; cat teams.part; } > roster/teams.yaml && rm teams.part
git add roster && commit 2026-03-20 "Split the roster into a folder"

sed 's/^  - { name: Fil Ng, level: Junior }$/&\n  - { name: Gus Ito, level: Junior }/' roster/people.yaml > p.new && mv p.new roster/people.yaml
sed 's/members: \[Cy Núñez\]/members: [Cy Núñez, Gus Ito]/' roster/teams.yaml > t.new && mv t.new roster/teams.yaml
git add roster && commit 2026-04-06 "Gus Ito joins Checkout"
