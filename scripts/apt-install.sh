#!/usr/bin/env bash
# Installs Debian packages a script found missing (ensure-chromium.sh, ensure-wrk.sh): as root with
# apt; otherwise it says what to install and fails.
set -euo pipefail
[ $# -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "Missing $*: run 'sudo apt-get update && sudo apt-get install -y $*'" >&2
  exit 1
fi
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@"
