#!/usr/bin/env bash
# End-to-end tests and the web benchmark drive Debian's Chromium (docs/architecture.md#testing); a fresh
# CI machine does not have it yet. Playwright never downloads a browser here. The interface speaks
# Korean, Japanese and Chinese: without a CJK font every such glyph is an empty box in screenshots,
# and each one sends layout hunting through every installed font (slow first paints in the bench).
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
fc-list :lang=ko 2>/dev/null | grep -q . || missing+=(fonts-noto-cjk)
bash "$(dirname "$0")/apt-install.sh" ${missing[@]+"${missing[@]}"}
