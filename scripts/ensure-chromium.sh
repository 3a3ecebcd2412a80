#!/usr/bin/env bash
# End-to-end tests and the web benchmark drive Debian's Chromium (TOOLCHAIN.md, Browser); a fresh
# CI machine does not have it yet. Playwright never downloads a browser here.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then
  echo "Chromium is missing: run 'sudo apt-get update && sudo apt-get install -y chromium'" >&2
  exit 1
fi
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium
