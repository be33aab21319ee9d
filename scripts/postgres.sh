# Sourced by test.sh: a throwaway PostgreSQL cluster for one test run, never a mock. It lives in
# a fresh temporary directory (data, log and its Unix socket; no TCP port, so it cannot clash
# with another server), runs as the `postgres` user when the caller is root (initdb refuses
# root), trusts local connections, and is stopped and deleted by grouplog_postgres_stop.
# It allows 400 connections, not PostgreSQL's default 100: the test suites run at once, and
# each concurrent call of a store object holds a connection of its own (PGConnectionPool), so
# a race test's 16 child submitters alongside the other suites have passed 100 ("sorry, too
# many clients already").
#
# It exports what the tests read:
#   GROUPLOG_TEST_POSTGRES_URL   a connection URL for the database `grouplog_test`
#   GROUPLOG_TEST_POSTGRES_DATA  the cluster's data directory (for tests that stop and restart it)

GROUPLOG_POSTGRES_BIN=/usr/lib/postgresql/15/bin

# Runs a PostgreSQL program as the cluster's owner.
grouplog_postgres_as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

grouplog_postgres_start() {
  local root
  root=$(mktemp -d /tmp/grouplog-postgres.XXXXXX) || return 1
  chmod 755 "$root"
  [ "$(id -u)" -eq 0 ] && chown postgres:postgres "$root"
  grouplog_postgres_as_owner "$GROUPLOG_POSTGRES_BIN/initdb" -D "$root/data" -U postgres --auth=trust \
    -E UTF8 --locale=C.UTF-8 --no-instructions >"$root/initdb.log" 2>&1 \
    || { echo "postgres: initdb failed; see $root/initdb.log" >&2; cat "$root/initdb.log" >&2; return 1; }
  grouplog_postgres_as_owner "$GROUPLOG_POSTGRES_BIN/pg_ctl" -D "$root/data" -l "$root/server.log" -w \
    -o "-c listen_addresses='' -k $root -c fsync=on -c synchronous_commit=on -c max_connections=400" start >/dev/null \
    || { echo "postgres: the server did not start; see $root/server.log" >&2; cat "$root/server.log" >&2; return 1; }
  grouplog_postgres_as_owner "$GROUPLOG_POSTGRES_BIN/createdb" -h "$root" -U postgres grouplog_test || return 1
  export GROUPLOG_TEST_POSTGRES_URL="postgresql://postgres@/grouplog_test?host=$root"
  export GROUPLOG_TEST_POSTGRES_DATA="$root/data"
  GROUPLOG_POSTGRES_ROOT=$root
  echo "postgres: a throwaway cluster at $root" >&2
}

grouplog_postgres_stop() {
  [ -n "${GROUPLOG_POSTGRES_ROOT:-}" ] || return 0
  grouplog_postgres_as_owner "$GROUPLOG_POSTGRES_BIN/pg_ctl" -D "$GROUPLOG_POSTGRES_ROOT/data" -m fast -w stop >/dev/null 2>&1
  rm -rf "$GROUPLOG_POSTGRES_ROOT"
  GROUPLOG_POSTGRES_ROOT=
}
