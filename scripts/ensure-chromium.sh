#!/usr/bin/env bash
# Playwright cannot download browsers here: it drives Debian's Chromium. Install it when missing.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Debian chromium for the browser tests…"
  (apt-get install -y chromium >/dev/null 2>&1) || (apt-get update >/dev/null && apt-get install -y chromium >/dev/null)
  exit 0
fi
echo "Chromium not found at $CHROMIUM. Install it (sudo apt-get install -y chromium) or set CHROMIUM_PATH." >&2
exit 1
