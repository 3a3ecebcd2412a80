#!/usr/bin/env bash
# Prints the folder of a Node.js major's binary (docs/architecture.md#node-versions): the npm registry's
# `node` package (its install takes this platform's binary from the registry too), cached in
# .cache/node-<major>. Usage: PATH="$(bash scripts/node-bin.sh 24):$PATH" npm test
set -euo pipefail
cd "$(dirname "$0")/.."
major="$1"
prefix=".cache/node-$major"
if [ ! -x "$prefix/node_modules/.bin/node" ]; then
  mkdir -p "$prefix"
  npm install --prefix "$prefix" --no-save --no-audit --no-fund --no-package-lock "node@$major" >/dev/null
fi
dirname "$(readlink -f "$prefix/node_modules/.bin/node")"
