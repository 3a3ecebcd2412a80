#!/usr/bin/env bash
# The points benchmark's participation load is wrk, an HTTP load generator written in C, as pgbench's
# clients are (docs/decisions/061-participation-load-from-wrk.md); a fresh machine does not have it yet.
set -euo pipefail
command -v wrk >/dev/null && exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "Missing wrk: run 'sudo apt-get update && sudo apt-get install -y wrk'" >&2
  exit 1
fi
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk
