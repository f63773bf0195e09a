#!/usr/bin/env bash
# `npm test`: every check of the project. The static checks and the build (type check, the contract's lint, ESLint,
# Prettier's check, the build, the first-load budget, the bundle checks) run beside Vitest, which leaves part of the
# machine idle while its tests wait on their databases; then the path-coverage table and the browser tests, which need
# the build. The first failure stops the run. Each step's elapsed time is printed as it ends and again in a table at
# the end (a slow change shows in the CI log). TEST_BUDGET_SECONDS (default 2400, 40 minutes) fails a run
# that passed but took longer, so it never reaches CI's 90-minute limit unnoticed; 0 turns the check off.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

budget="${TEST_BUDGET_SECONDS:-2400}"
started=$SECONDS
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
steps="$work/steps"
: >"$steps"

# Runs one step, printing its time; records it in the table. Returns the step's exit status.
step() {
  local name="$1"
  shift
  printf '\n==> %s\n' "$name"
  local from=$SECONDS status=0
  "$@" || status=$?
  local took=$((SECONDS - from))
  printf '%-18s %5d s%s\n' "$name" "$took" "$([ "$status" = 0 ] || echo "  (failed, exit $status)")" >>"$steps"
  printf '==> %s: %d s%s\n' "$name" "$took" "$([ "$status" = 0 ] || echo " (failed, exit $status)")"
  return "$status"
}

summary() {
  printf '\nStep times of npm test (the static checks and the build ran beside vitest):\n'
  sed 's/^/  /' "$steps"
  printf '  %-18s %5d s\n' 'total' "$((SECONDS - started))"
}

fail() {
  summary
  exit "$1"
}

static_checks() {
  step typecheck npm run --silent typecheck &&
    step lint:api npm run --silent lint:api &&
    step lint npm run --silent lint &&
    step format:check npm run --silent format:check &&
    step build npm run --silent build &&
    step budget npm run --silent budget &&
    step check:bundle npm run --silent check:bundle
}

printf '\n==> static checks and build (beside vitest; their output follows vitest'"'"'s)\n'
static_checks >"$work/static.log" 2>&1 &
static_pid=$!

vitest_status=0
# Kept in a file too: a failure's summary is printed again at the end, after the static checks' output.
step vitest bash -c 'npx vitest run 2>&1 | tee "$1"; exit "${PIPESTATUS[0]}"' vitest "$work/vitest.log" || vitest_status=$?

static_status=0
wait "$static_pid" || static_status=$?
printf '\n==> output of the static checks and the build\n'
cat "$work/static.log"
if [ "$vitest_status" != 0 ]; then
  printf '\n==> vitest failed: its failures again\n'
  sed -n '/Failed Tests/,$p' "$work/vitest.log" | head -n 300
fi
[ "$vitest_status" = 0 ] || fail "$vitest_status"
[ "$static_status" = 0 ] || fail "$static_status"

step flows:coverage npm run --silent flows:coverage || fail $?
# The browser suite's servers run on copies of a seeded PostgreSQL database on DATABASE_URL's server when there is one
# (a good part less CPU than the embedded engine; E2E_DATABASE_URL= empty keeps them on the embedded one).
step e2e env E2E_DATABASE_URL="${E2E_DATABASE_URL-${DATABASE_URL:-}}" npm run --silent e2e || fail $?
summary

total=$((SECONDS - started))
if [ "$budget" != 0 ] && [ "$total" -gt "$budget" ]; then
  printf '\nnpm test: every check passed, but the run took %d s, over its budget of %d s (TEST_BUDGET_SECONDS).\n' "$total" "$budget" >&2
  printf 'Find the step and the files that grew in the tables above (vitest prints its slowest files) and make them faster.\n' >&2
  exit 1
fi
