#!/usr/bin/env bash
# End-to-end tests and the web benchmark drive Debian's Chromium (docs/architecture.md#testing); a fresh
# CI machine does not have it yet. Playwright never downloads a browser here. The interface speaks
# Korean, Japanese and Chinese: without a CJK font every such glyph is an empty box in screenshots,
# and each one sends layout hunting through every installed font (slow first paints in the bench).
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
fc-list :lang=ko 2>/dev/null | grep -q . || missing+=(fonts-noto-cjk)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "Missing ${missing[*]}: run 'sudo apt-get update && sudo apt-get install -y ${missing[*]}'" >&2
  exit 1
fi
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
