#!/usr/bin/env bash
# `npm test`: every check of the project, one step after the other, stopping at the first that fails. Each step's
# elapsed time is printed as it ends and again in a table at the end (issue 35: a slow change shows in the CI log).
# TEST_BUDGET_SECONDS (default 2400, 40 minutes) fails a run that passed but took longer, so it never reaches CI's
# 90-minute limit unnoticed; 0 turns the check off.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

budget="${TEST_BUDGET_SECONDS:-2400}"
started=$SECONDS
steps=()

step() {
  local name="$1"
  shift
  printf '\n==> %s\n' "$name"
  local from=$SECONDS
  local status=0
  "$@" || status=$?
  local took=$((SECONDS - from))
  steps+=("$(printf '%-18s %5d s' "$name" "$took")")
  printf '==> %s: %d s%s\n' "$name" "$took" "$([ "$status" = 0 ] || echo " (failed, exit $status)")"
  if [ "$status" != 0 ]; then
    summary
    exit "$status"
  fi
}

summary() {
  printf '\nStep times of npm test:\n'
  printf '  %s\n' "${steps[@]}"
  printf '  %-18s %5d s\n' 'total' "$((SECONDS - started))"
}

step typecheck npm run --silent typecheck
step lint:api npm run --silent lint:api
step vitest npx vitest run
step flows:coverage npm run --silent flows:coverage
step build npm run --silent build
step budget npm run --silent budget
step check:bundle npm run --silent check:bundle
step e2e npm run --silent e2e
summary

total=$((SECONDS - started))
if [ "$budget" != 0 ] && [ "$total" -gt "$budget" ]; then
  printf '\nnpm test: every check passed, but the run took %d s, over its budget of %d s (TEST_BUDGET_SECONDS).\n' "$total" "$budget" >&2
  printf 'Find the step and the files that grew in the tables above (vitest prints its slowest files) and make them faster.\n' >&2
  exit 1
fi
