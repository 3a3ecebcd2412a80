#!/usr/bin/env bash
# The whole check (docs/architecture.md#testing), in tiers that print their time at the end:
#   checks  typecheck beside lint, then import cycles, citations, deployment files, migrations;
#   fast    unit, web component and API tests (the API once: PostgreSQL when TEST_DATABASE_URL is set);
#   slow    load, several processes, restarts and full model runs, beside the end-to-end journeys.
set -euo pipefail
cd "$(dirname "$0")/.."

timings=()
step() { printf '\n\033[1m== %s\033[0m\n' "$1"; }
timed() {
  local name="$1" started=$SECONDS
  shift
  "$@"
  timings+=("$(printf '%-8s %4ds' "$name" $((SECONDS - started)))")
}

# Runs two commands at once, their lines prefixed by a short label as they come, and fails if either fails.
beside() {
  local label_a="$1" command_a="$2" label_b="$3" command_b="$4" status=0
  bash -c "set -o pipefail; { $command_a; } 2>&1 | sed -u 's/^/[$label_a] /'" &
  local pid_a=$!
  bash -c "set -o pipefail; { $command_b; } 2>&1 | sed -u 's/^/[$label_b] /'" &
  local pid_b=$!
  wait "$pid_a" || { status=1; echo "FAILED: $label_a"; }
  wait "$pid_b" || { status=1; echo "FAILED: $label_b"; }
  return "$status"
}

checks() {
  step "typecheck beside lint"
  beside typecheck "npm run --silent typecheck" lint "npm run --silent lint"
  step "no import cycles"
  node scripts/check-import-cycles.mjs
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
  bash scripts/ensure-chromium.sh
  step "slow API tests (load, processes, restarts, full model runs) beside end-to-end (Chromium, real API, embedded database)"
  beside slow "ORCHARD_TEST_TIER=slow npx vitest run" e2e "npx playwright test -c apps/web/playwright.config.ts"
}

report() { step "time by tier"; printf '%s\n' "${timings[@]}"; }
trap report EXIT
echo "Node $(node --version)"
timed checks checks
timed fast fast
timed slow slow
