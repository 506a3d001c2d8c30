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
PASSED=0
FAILED=0
PG_BIN=""
PG_DATA="$WORK/pg"

log() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

cleanup() {
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

# Runs one vitest project and adds its counts, read from vitest's exit status and JSON report by
# scripts/count-report.ts (never from printed text): failed tests, plus one failure for each test file
# that did not load or holds no test, for each skipped or todo test, for a run in which no test ran (no
# test files found), and for a non-zero exit with nothing else counted (an unhandled error, a crash).
# No report at all counts as one failure.
run_vitest() {
  local label=$1; shift
  local report="$WORK/$label.json" status=0 counted p f
  log "$label"
  npx vitest run "$@" --reporter=default --reporter=json --outputFile.json="$report" || status=$?
  counted=$(node --import tsx scripts/count-report.ts "$report" "$status") || counted=""
  read -r p f <<<"$counted"
  if [[ "$p" =~ ^[0-9]+$ && "$f" =~ ^[0-9]+$ ]]; then
    PASSED=$((PASSED + p)); FAILED=$((FAILED + f))
    echo "$label: $p passed, $f failed"
  else
    FAILED=$((FAILED + 1)); echo "$label: the report could not be counted (the run itself failed)"
  fi
}

install_missing || echo "could not install the missing packages"

# The type check and the linter each keep one core busy: side by side they take the time of the longer one.
# Their output is kept apart and shown after both ended.
npx tsc -p tsconfig.json --noEmit >"$WORK/typecheck.log" 2>&1 &
TYPECHECK_PID=$!
npm run --silent lint >"$WORK/lint.log" 2>&1 &
LINT_PID=$!

log "type check"
if wait "$TYPECHECK_PID"; then PASSED=$((PASSED + 1)); else FAILED=$((FAILED + 1)); fi
cat "$WORK/typecheck.log"

log "lint (ESLint and Prettier: npm run lint)"
if wait "$LINT_PID"; then PASSED=$((PASSED + 1)); else FAILED=$((FAILED + 1)); fi
cat "$WORK/lint.log"

log "build the web app"
# the browser app and the server renderer of the public pages (dist/server, src/server/ssr)
if ! { npx vite build --logLevel warn && npx vite build --ssr src/web/entry-server.tsx --outDir dist/server --logLevel warn; }; then FAILED=$((FAILED + 1)); echo "build failed"; fi

run_vitest unit --project unit
run_vitest api-sqlite --project api

if start_postgres; then
  TEST_DB=postgres run_vitest api-postgres --project api
else
  FAILED=$((FAILED + 1)); echo "PostgreSQL could not be started: the PostgreSQL suite counts as failed"
fi

if [ -x /usr/bin/chromium ]; then
  run_vitest e2e --project e2e
else
  FAILED=$((FAILED + 1)); echo "Chromium is missing: the browser suite counts as failed"
fi

echo
echo "$PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
