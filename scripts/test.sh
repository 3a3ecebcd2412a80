#!/usr/bin/env bash
# The whole check (docs/architecture.md#testing): typecheck, lint, migrations in step with the schema,
# unit and API tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), web component tests, end-to-end.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n\033[1m== %s\033[0m\n' "$1"; }

step "typecheck"
npm run --silent typecheck
step "lint"
npm run --silent lint
step "no import cycles"
node scripts/check-import-cycles.mjs
step "every docs/ citation resolves"
node scripts/check-citations.mjs
step "Dockerfile lint, compose.yaml against the settings"
npm run --silent check:docker
step "migrations match the schema"
npm run --silent db:check
step "unit and API tests"
npx vitest run
# The web component tests run above as the `web` project of vitest.config.ts.
step "end-to-end (Chromium, real API, embedded database)"
bash scripts/ensure-chromium.sh
npx playwright test -c apps/web/playwright.config.ts
