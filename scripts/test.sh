#!/usr/bin/env bash
# npm test: everything, on a fresh machine of this kind (Debian, root, npm registry + Debian packages).
# Installs Chromium and PostgreSQL when missing, starts a throwaway PostgreSQL on loopback, runs the
# type check, the linter, unit tests, the API suite on SQLite and on PostgreSQL, and the browser tests; stops what
# it started; ends with one line "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
WORK=$(mktemp -d /tmp/alumni-test.XXXXXX)
chmod 755 "$WORK"
PG_BIN=""
PG_DATA="$WORK/pg"

log() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

# a process and everything it started (the background browser suite: a subshell, npx, vitest, its workers)
kill_tree() {
  local child
  for child in $(ps -o pid= --ppid "$1" 2>/dev/null); do kill_tree "$child"; done
  kill "$1" 2>/dev/null || true
}

cleanup() {
  if [ -n "${E2E_PID:-}" ] && kill -0 "$E2E_PID" 2>/dev/null; then kill_tree "$E2E_PID"; fi
  if [ -n "$PG_BIN" ] && [ -f "$PG_DATA/postmaster.pid" ]; then
    runuser -u pgtest -- "$PG_BIN/pg_ctl" -D "$PG_DATA" -m immediate stop >/dev/null 2>&1 || true
  fi
  rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

find_pg_bin() {
  for dir in /usr/lib/postgresql/*/bin; do
    [ -x "$dir/initdb" ] && [ -x "$dir/postgres" ] && { echo "$dir"; return; }
  done
  command -v initdb >/dev/null 2>&1 && dirname "$(readlink -f "$(command -v initdb)")"
}

install_missing() {
  local wanted=()
  [ -x /usr/bin/chromium ] || wanted+=(chromium)
  [ -n "$(find_pg_bin)" ] || wanted+=(postgresql)
  if [ ${#wanted[@]} -gt 0 ]; then
    log "Installing ${wanted[*]} from Debian's packages"
    if [ "$(id -u)" -ne 0 ]; then echo "need root to install ${wanted[*]}"; return 1; fi
    apt-get update -qq || echo "apt-get update failed"
    if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${wanted[@]}" >/dev/null; then
      # one unavailable package must not keep the other out
      local pkg
      for pkg in "${wanted[@]}"; do
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$pkg" >/dev/null || echo "could not install $pkg"
      done
    fi
  fi
}

start_postgres() {
  PG_BIN=$(find_pg_bin)
  [ -n "$PG_BIN" ] || return 1
  id pgtest >/dev/null 2>&1 || useradd -r -M -d "$WORK" -s /usr/sbin/nologin pgtest
  mkdir -p "$PG_DATA" && chown pgtest "$PG_DATA"
  local port
  port=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
  runuser -u pgtest -- "$PG_BIN/initdb" -D "$PG_DATA" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null || return 1
  runuser -u pgtest -- "$PG_BIN/pg_ctl" -D "$PG_DATA" -l "$PG_DATA/server.log" -w \
    -o "-p $port -k $PG_DATA -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" start >/dev/null || { cat "$PG_DATA/server.log"; return 1; }
  export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
}

# Runs one vitest project and records its counts in $WORK/<label>.count, read from vitest's exit status and JSON
# report by scripts/count-report.ts (never from printed text): failed tests, plus one failure for each test file
# that did not load or holds no test, for each skipped or todo test, for a run in which no test ran (no test files
# found), and for a non-zero exit with nothing else counted (an unhandled error, a crash). No report at all counts
# as one failure. A file, not a variable: the browser suite runs in the background, in a subshell of its own.
run_vitest() {
  local label=$1; shift
  local report="$WORK/$label.json" status=0 counted p f
  log "$label"
  npx vitest run "$@" --reporter=default --reporter=json --outputFile.json="$report" || status=$?
  counted=$(node --import tsx scripts/count-report.ts "$report" "$status") || counted=""
  read -r p f <<<"$counted"
  if [[ "$p" =~ ^[0-9]+$ && "$f" =~ ^[0-9]+$ ]]; then
    echo "$p $f" >"$WORK/$label.count"
    echo "$label: $p passed, $f failed"
  else
    echo "0 1" >"$WORK/$label.count"
    echo "$label: the report could not be counted (the run itself failed)"
  fi
}

# One step outside vitest: passes or fails as a whole, counted like a vitest run with one test.
run_step() {
  local key=$1 label=$2; shift 2
  log "$label"
  if "$@"; then echo "1 0" >"$WORK/$key.count"; else echo "0 1" >"$WORK/$key.count"; echo "$label failed"; fi
}

install_missing || echo "could not install the missing packages"

run_step build "build the web app and the server renderer" bash -c 'npx vite build --logLevel warn && npx vite build --ssr src/web/entry-server.tsx --outDir dist/server --logLevel warn'

run_browser_suite() {
  if [ -x /usr/bin/chromium ]; then
    run_vitest e2e --project e2e
  else
    echo "0 1" >"$WORK/e2e.count"; echo "Chromium is missing: the browser suite counts as failed"
  fi
}

# The browser suite (about 30 minutes, about one of the two cores busy: Chromium and the server wait on each other)
# runs in the background while the rest runs beside it with one API test worker: ~40 minutes against ~46 one stage
# after another (docs/testing.md, "Timing"). Its contexts prefer reduced motion, so no click lands on a dialog still
# zooming in under that load (tests/helpers/browser.ts). TEST_OVERLAP=0 runs one stage after another.
E2E_PID=""
if [ "${TEST_OVERLAP:-1}" = 1 ]; then
  run_browser_suite >"$WORK/e2e.log" 2>&1 &
  E2E_PID=$!
  log "the browser suite runs in the background (its output follows at the end)"
  export API_WORKERS=1
fi

# The type check and the linter each keep one core busy: side by side they take the time of the longer one.
# Their output is kept apart and shown after both ended.
run_step typecheck "type check" npx tsc -p tsconfig.json --noEmit >"$WORK/typecheck.log" 2>&1 &
TYPECHECK_PID=$!
run_step lint "lint (ESLint and Prettier: npm run lint)" npm run --silent lint >"$WORK/lint.log" 2>&1 &
LINT_PID=$!
wait "$TYPECHECK_PID"; cat "$WORK/typecheck.log"
wait "$LINT_PID"; cat "$WORK/lint.log"

run_vitest unit --project unit
run_vitest api-sqlite --project api

if start_postgres; then
  TEST_DB=postgres run_vitest api-postgres --project api
else
  echo "0 1" >"$WORK/api-postgres.count"; echo "PostgreSQL could not be started: the PostgreSQL suite counts as failed"
fi

if [ -n "$E2E_PID" ]; then
  log "waiting for the browser suite"
  wait "$E2E_PID"
  cat "$WORK/e2e.log"
else
  run_browser_suite
fi

PASSED=0
FAILED=0
for count in "$WORK"/*.count; do
  read -r p f <"$count"
  PASSED=$((PASSED + p)); FAILED=$((FAILED + f))
done
# every step above leaves a count: a missing one (a step that never ran) is a failure too
for label in build typecheck lint unit api-sqlite api-postgres e2e; do
  [ -f "$WORK/$label.count" ] || { FAILED=$((FAILED + 1)); echo "$label left no count"; }
done

echo
echo "$PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
