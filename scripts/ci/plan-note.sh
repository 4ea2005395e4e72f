#!/usr/bin/env bash
# Plans the roster for a pull or merge request and writes its note: a hidden marker line (so the
# note is found and updated on the next push), then the Markdown plan (never over 60,000
# characters). Saves the plan, with its fingerprint, for `roster apply` on merge. Shared by both
# hosts (scripts/ci/loop.sh).
# Exits as `roster plan --detailed-exitcode` does: 0 no changes, 2 changes, else an error.
# Usage: plan-note.sh ROSTER_PATH OUT_DIR      (writes OUT_DIR/comment.md and OUT_DIR/plan.json)
#   ROSTER_PLANNED_COMMIT, ROSTER_RUN_ID, ROSTER_RUN_WORD   the commit planned and the run (pipeline)
#   planning it, for the note
set -euo pipefail
roster_path=$1 out=$2
mkdir -p "$out"
status=0
markdown=$(roster plan "$roster_path" --format markdown --out "$out/plan.json" --detailed-exitcode) || status=$?
if [ "$status" -ne 0 ] && [ "$status" -ne 2 ]; then exit "$status"; fi
{
  echo "<!-- roster-plan -->"
  echo "$markdown"
  echo
  planned=""
  if [ -n "${ROSTER_PLANNED_COMMIT:-}" ]; then planned=" from commit \`${ROSTER_PLANNED_COMMIT:0:12}\`"; fi
  if [ -n "${ROSTER_RUN_ID:-}" ]; then planned="$planned in ${ROSTER_RUN_WORD:-run} $ROSTER_RUN_ID"; fi
  if [ -n "$planned" ]; then planned="Planned$planned. "; fi
  echo "_${planned}The plan above is saved with this run; merging applies exactly it (or refuses if the space changed)._"
  # The run that planned it: a later, older run never overwrites this note (loop.sh).
  if [ -n "${ROSTER_RUN_ID:-}" ]; then echo "<!-- roster-plan-run: $ROSTER_RUN_ID -->"; fi
} > "$out/comment.md"
exit "$status"
