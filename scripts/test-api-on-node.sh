#!/usr/bin/env bash
# The API tests on another Node major (docs/architecture.md#node-versions): the `node` package of the
# npm registry (its install takes the binary for this platform from the registry too), cached in
# .cache/node-<major>, then vitest's API projects run on it. Usage: scripts/test-api-on-node.sh 24 [vitest args]
set -euo pipefail
cd "$(dirname "$0")/.."
major="$1"
shift
prefix=".cache/node-$major"
if [ ! -x "$prefix/node_modules/.bin/node" ]; then
  mkdir -p "$prefix"
  npm install --prefix "$prefix" --no-save --no-audit --no-fund --no-package-lock "node@$major" >/dev/null
fi
node_binary="$(cd "$prefix/node_modules/.bin" && pwd)/node"
echo "API tests on $("$node_binary" --version)"
# On PostgreSQL when there is one (how production runs; it keeps CI within its time), else on PGlite.
projects=(--project api)
if [ -n "${TEST_DATABASE_URL:-}" ]; then projects=(--project api-postgres); fi
PATH="$(dirname "$(readlink -f "$node_binary")"):$PATH" "$node_binary" node_modules/vitest/vitest.mjs run "${projects[@]}" "$@"
