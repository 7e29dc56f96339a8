#!/usr/bin/env bash
# Every test PaiChat has, on a fresh Debian machine with Node 20 (run as root there):
# installs Debian's Chromium, nginx and Redis when missing, installs the locked dependencies,
# then runs verify (types, lint, format), unit + integration tests, and the e2e tests.
set -euo pipefail
cd "$(dirname "$0")/.."

# Chromium for the e2e tests; nginx and redis-server for the scale-out fault tests (they run
# their own, on free ports, never the system's).
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/sbin/nginx ] || missing+=(nginx)
command -v redis-server >/dev/null || missing+=(redis-server)
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "Missing: ${missing[*]}: run 'apt-get install -y ${missing[*]}' as root first." >&2
    exit 1
  fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# Native addons (better-sqlite3) build against the local Node headers, never downloaded ones.
export npm_config_nodedir="${npm_config_nodedir:-/usr}"
npm ci --no-audit --no-fund
npm test
