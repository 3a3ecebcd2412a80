#!/usr/bin/env bash
# The whole check (docs/architecture.md#testing), in tiers that print their time at the end:
#   checks  typecheck beside lint, then import cycles, table owners in SQL text, citations, deployment files, migrations;
#   fast    unit, web component and API tests (the API once: PostgreSQL when TEST_DATABASE_URL is set);
#   slow    load, several processes, restarts and full model runs;
#   e2e     the Playwright journeys, two workers each with its own API.
# Two lanes run at once from the start: checks → fast → slow (Vitest, CPU-bound), and e2e (mostly
# waiting on the browser and the network, about half a core per worker).
set -euo pipefail
cd "$(dirname "$0")/.."

timings="$(mktemp)"
step() { printf '\n\033[1m== %s\033[0m\n' "$1"; }
# Runs one tier (an exported function) in a shell of its own: there `set -e` stops it at its first
# failing command, which bash would not do for a function called inside `&&` or `||`.
timed() {
  local name="$1" started=$SECONDS status=0
  bash -euo pipefail -c "$name" || status=$?
  printf '%-8s %4ds%s\n' "$name" $((SECONDS - started)) "$([ "$status" -eq 0 ] || echo '  FAILED')" >>"$timings"
  return "$status"
}

checks() {
  step "typecheck beside lint"
  npm run --silent typecheck &
  local typecheck=$!
  npm run --silent lint || { wait "$typecheck"; return 1; }
  wait "$typecheck"
  step "no import cycles"
  node scripts/check-import-cycles.mjs
  step "no SQL text names another module's table"
  node scripts/check-table-owners.mjs
  step "every docs/ citation resolves"
  node scripts/check-citations.mjs
  step "Dockerfile lint, compose.yaml against the settings"
  npm run --silent check:docker
  step "migrations match the schema"
  npm run --silent db:check
}

fast() {
  step "unit, web component and API tests"
  ORCHARD_TEST_TIER=fast npx vitest run
}

slow() {
  step "slow API tests (load, processes, restarts, full model runs)"
  ORCHARD_TEST_TIER=slow npx vitest run
}

e2e() {
  bash scripts/ensure-chromium.sh
  step "end-to-end journeys (Chromium, real API, embedded database)"
  npx playwright test -c apps/web/playwright.config.ts
}

# Each lane's lines come prefixed by its name, as they come.
lane() {
  local label="$1"
  shift
  (set -o pipefail; "$@" 2>&1 | sed -u "s/^/[$label] /")
}
export -f step checks fast slow e2e
vitest_lane() { timed checks && timed fast && timed slow; }
e2e_lane() { timed e2e; }

report() { step "time by tier"; cat "$timings"; rm -f "$timings"; }
trap report EXIT
echo "Node $(node --version)"
status=0
lane vitest vitest_lane &
vitest_pid=$!
lane e2e e2e_lane &
e2e_pid=$!
wait "$vitest_pid" || { status=1; echo "FAILED: checks, fast or slow"; }
wait "$e2e_pid" || { status=1; echo "FAILED: e2e"; }
exit "$status"
