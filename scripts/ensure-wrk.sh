#!/usr/bin/env bash
# The points benchmark's participation load is wrk, an HTTP load generator written in C, as pgbench's
# clients are (docs/decisions/061-participation-load-from-wrk.md); a fresh machine does not have it yet.
set -euo pipefail
command -v wrk >/dev/null || bash "$(dirname "$0")/apt-install.sh" wrk
