#!/usr/bin/env bash
# The whole check (docs/architecture.md#testing), in tiers that print their time at the end:
#   checks  typecheck beside lint, then import cycles, table owners in SQL text, citations, deployment files, migrations;
#   fast    unit, web component and API tests (the API once: PostgreSQL when TEST_DATABASE_URL is set);
#   slow    load, several processes, restarts and full model runs;
#   e2e     the Playwright journeys, two workers each with its own API.
# Two lanes run at once from the start: checks → fast (CPU-bound), and e2e → slow (the journeys mostly
# wait on the browser and the network, about half a core per worker; the slow files then take the cores
# the journeys leave). A failing tier stops the first lane; the second runs both of its tiers.
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
  # One file at a time: each starts processes and loads them, and two would fight for the cores.
  ORCHARD_TEST_TIER=slow npx vitest run --maxWorkers=1
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
checks_then_fast() { timed checks && timed fast; }
# The slow tier runs whether or not a journey failed, so one run shows the failures of both.
journeys_then_slow() {
  local status=0
  timed e2e || status=1
  timed slow || status=1
  return "$status"
}

report() {
  step "time by tier (lanes: checks → fast, e2e → slow)"
  cat "$timings"
  printf '%-8s %4ds\n' total "$SECONDS"
  rm -f "$timings"
}
trap report EXIT
echo "Node $(node --version)"
status=0
lane fast checks_then_fast &
fast_pid=$!
lane e2e journeys_then_slow &
e2e_pid=$!
wait "$fast_pid" || { status=1; echo "FAILED: checks or fast"; }
wait "$e2e_pid" || { status=1; echo "FAILED: e2e or slow"; }
exit "$status"
