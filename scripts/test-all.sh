#!/usr/bin/env bash
# Every test PaiChat has, on a fresh Debian machine with Node 20 (run as root there):
# installs Debian's Chromium, nginx and Redis when missing, installs the locked dependencies,
# then runs verify (types, lint, format), the unit and integration tests and the e2e tests.
#
# The parts that do not need each other run side by side, each into a log of its own that is
# printed when it ends: on a 2-core machine one after the other took twice as long.
#   1. dependencies, without the one native build (better-sqlite3, a minute of one core);
#   2. while verify and the web's tests run, better-sqlite3 builds;
#   3. then the server's tests and the e2e tests (which build the web app first) join them.
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
npm ci --no-audit --no-fund --ignore-scripts
# esbuild's and sharp's install scripts only check their prebuilt binaries.
npm rebuild esbuild sharp

logs=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true' EXIT
pids=()

# part NAME COMMAND…: runs the command in the background, its output into its own log, and
# prints the log, its time and its outcome when it ends.
part() {
  local name=$1
  shift
  (
    start=$SECONDS
    if "$@" >"$logs/$name.log" 2>&1; then outcome="passed"; else outcome="FAILED"; fi
    # One log at a time, whole.
    flock "$logs" sh -c 'echo "── $1: $2 in $3 s"; cat "$4"' _ "$name" "$outcome" "$((SECONDS - start))" "$logs/$name.log"
    [ "$outcome" = passed ]
  ) &
  pids+=($!)
}

part verify npm run verify
part web npx vitest run --project web --project web-isolated --project web-build --project protocol

# Its two sources compile side by side.
JOBS=max npm rebuild better-sqlite3

# The server's tests are the longest part: two workers, for a fair share of a busy machine.
part server npx vitest run --project server --maxWorkers 2
part e2e npm run test:e2e

failed=0
for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
trap - EXIT
[ "$failed" -eq 0 ] && echo "All tests passed." || echo "Some tests FAILED (see above)." >&2
exit "$failed"
