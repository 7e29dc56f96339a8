#!/usr/bin/env bash
# Every test PaiChat has, on a fresh Debian machine with Node 20 (run as root there):
# installs Debian's Chromium when it is missing, installs the locked dependencies,
# then runs verify (types, lint, format), unit + integration tests, and the e2e tests.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "Chromium is missing: run 'apt-get install -y chromium' as root first." >&2
    exit 1
  fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi

# Native addons (better-sqlite3) build against the local Node headers, never downloaded ones.
export npm_config_nodedir="${npm_config_nodedir:-/usr}"
npm ci --no-audit --no-fund
npm test
