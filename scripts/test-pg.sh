#!/usr/bin/env bash
# Runs the server tests once more against a real PostgreSQL server (the production path), started here
# on loopback in a throw-away cluster that is removed on exit. Without PostgreSQL installed the run is
# skipped (exit 0), except in CI (CI=true), where it fails.
#
# `test-pg.sh --pgbouncer -- <command>` (the instances test) also starts PgBouncer in transaction
# pooling mode in front of that cluster (PGBOUNCER_URL), and lets the command stop and start
# PostgreSQL (PG_STOP_CMD: an immediate stop, as a crash; PG_START_CMD). Without pgbouncer installed
# PGBOUNCER_URL is unset (in CI that fails).
set -euo pipefail
cd "$(dirname "$0")/.."

WITH_PGBOUNCER=0
if [[ "${1:-}" == "--pgbouncer" ]]; then
  WITH_PGBOUNCER=1
  shift
fi

find_pg_bin() {
  if command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then
    # Follow symlinks (e.g. /usr/local/bin/initdb) to the folder that holds the whole server.
    dirname "$(readlink -f "$(command -v initdb)")"
    return
  fi
  # Debian keeps the server binaries off PATH, one folder per major version; take the newest.
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [[ -n "$dir" && -x "$dir/initdb" && -x "$dir/pg_ctl" ]]; then echo "$dir"; fi
}

# PG_BIN_DIR picks a specific installation (or, pointed at nothing, exercises the skip path).
if [[ -n "${PG_BIN_DIR:-}" ]]; then
  PG_BIN=""
  if [[ -x "$PG_BIN_DIR/initdb" && -x "$PG_BIN_DIR/pg_ctl" ]]; then PG_BIN="$PG_BIN_DIR"; fi
else
  PG_BIN=$(find_pg_bin)
fi
if [[ -z "$PG_BIN" ]]; then
  echo "test:pg skipped: install postgresql (apt-get install -y postgresql) to run the production-path test"
  if [[ "${CI:-}" == "true" ]]; then
    echo "test:pg: PostgreSQL is required in CI" >&2
    exit 1
  fi
  exit 0
fi

# PostgreSQL refuses to run as root: run the server as the postgres user when we are root.
run_pg() {
  if [[ $(id -u) -eq 0 ]]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

free_port() {
  node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

WORK=$(mktemp -d "${TMPDIR:-/tmp}/noor-pg.XXXXXX")
PGDATA="$WORK/data"
PORT=$(free_port)
if [[ $(id -u) -eq 0 ]]; then chown postgres "$WORK"; fi

cleanup() {
  local status=$?
  if [[ -f "$WORK/pgbouncer.pid" ]]; then kill "$(cat "$WORK/pgbouncer.pid")" 2>/dev/null || true; fi
  if [[ -f "$PGDATA/postmaster.pid" ]]; then
    run_pg "$PG_BIN/pg_ctl" -D "$PGDATA" -m immediate stop >/dev/null 2>&1 || true
  fi
  rm -rf "$WORK"
  exit $status
}
trap cleanup EXIT INT TERM

echo "test:pg: PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT (cluster in $WORK)"
run_pg "$PG_BIN/initdb" -D "$PGDATA" -U noor --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$WORK/initdb.log" 2>&1 \
  || { cat "$WORK/initdb.log" >&2; exit 1; }
# Loopback only, socket in the temp dir, no fsync: a test cluster trades durability for speed.
PG_OPTS="-c listen_addresses=127.0.0.1 -p $PORT -k $WORK -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
run_pg "$PG_BIN/pg_ctl" -D "$PGDATA" -l "$WORK/server.log" -w -t 60 -o "$PG_OPTS" start >/dev/null \
  || { cat "$WORK/server.log" >&2; exit 1; }
# createdb/psql are client tools that may be missing where the server is installed; pg (a dependency) will do.
node -e "
  const { Client } = require('pg');
  const c = new Client({ connectionString: 'postgres://noor@127.0.0.1:$PORT/postgres' });
  c.connect().then(() => c.query('CREATE DATABASE noor_test')).then(() => c.end()).catch((e) => { console.error(e); process.exit(1); });
"

find_pgbouncer() {
  if command -v pgbouncer >/dev/null 2>&1; then command -v pgbouncer; return; fi
  if [[ -x /usr/sbin/pgbouncer ]]; then echo /usr/sbin/pgbouncer; fi
}

if [[ $WITH_PGBOUNCER -eq 1 ]]; then
  PGBOUNCER=$(find_pgbouncer)
  if [[ -z "$PGBOUNCER" ]]; then
    echo "test:pg: pgbouncer not installed (apt-get install -y pgbouncer): the pooler checks are skipped"
    if [[ "${CI:-}" == "true" ]]; then
      echo "test:pg: pgbouncer is required in CI" >&2
      exit 1
    fi
  else
    BOUNCER_PORT=$(free_port)
    # Stock settings apart from the pool mode, loopback, trust (like the cluster) and quicker failure
    # while PostgreSQL is away (the instances test stops it): a client waits at most 5 s for a server.
    printf '"noor" ""\n' >"$WORK/userlist.txt"
    cat >"$WORK/pgbouncer.ini" <<INI
[databases]
* = host=127.0.0.1 port=$PORT
[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $BOUNCER_PORT
unix_socket_dir =
auth_type = trust
auth_file = $WORK/userlist.txt
pool_mode = transaction
max_client_conn = 500
default_pool_size = 20
server_login_retry = 1
query_wait_timeout = 5
logfile = $WORK/pgbouncer.log
pidfile = $WORK/pgbouncer.pid
INI
    if [[ $(id -u) -eq 0 ]]; then chown -R postgres "$WORK/pgbouncer.ini" "$WORK/userlist.txt"; fi
    run_pg "$PGBOUNCER" -d "$WORK/pgbouncer.ini" || { cat "$WORK/pgbouncer.log" >&2 2>/dev/null; exit 1; }
    echo "test:pg: $("$PGBOUNCER" --version | head -n 1) (transaction pooling) on 127.0.0.1:$BOUNCER_PORT"
    export PGBOUNCER_URL="postgres://noor@127.0.0.1:$BOUNCER_PORT/noor_test"
  fi
  # The instances test stops PostgreSQL as a crash would, and starts it again.
  cat >"$WORK/pg-stop" <<SH
#!/usr/bin/env bash
$( [[ $(id -u) -eq 0 ]] && echo "runuser -u postgres -- " )"$PG_BIN/pg_ctl" -D "$PGDATA" -m immediate stop >/dev/null
SH
  cat >"$WORK/pg-start" <<SH
#!/usr/bin/env bash
$( [[ $(id -u) -eq 0 ]] && echo "runuser -u postgres -- " )"$PG_BIN/pg_ctl" -D "$PGDATA" -l "$WORK/server.log" -w -t 60 -o "$PG_OPTS" start >/dev/null
SH
  chmod +x "$WORK/pg-stop" "$WORK/pg-start"
  export PG_STOP_CMD="$WORK/pg-stop" PG_START_CMD="$WORK/pg-start"
fi

# `test-pg.sh -- <command>` runs that command against the cluster instead (the two-instance test).
if [[ "${1:-}" == "--" ]]; then
  shift
  DATABASE_URL="postgres://noor@127.0.0.1:$PORT/noor_test" "$@"
else
  # Given files or filters run alone (vitest would add them to `tests/server`, which matches everything).
  # Without any, `npm test`'s share: the files whose behaviour rests on the database itself (SQL,
  # migrations, locks and concurrency, LISTEN/NOTIFY, the second-order fuzz, the families, money and
  # request rules); the rest (HTTP shapes, rendering, config) runs on PGlite in test:unit. CI's two
  # cores cannot hold both whole runs inside 20 minutes (docs/bench.md). `npm run test:pg:all` (or
  # `bash scripts/test-pg.sh tests/server`) runs every server file on PostgreSQL.
  if [[ $# -eq 0 ]]; then
    set -- tests/server/{authz,children,db,families-migration,fuzz-second-order,logout-realtime,notifications-reminders,outbox,packages-ledger,pg-listen,pg-unavailable,profile-time-zone,progress,realtime-fanout,realtime-presence-cluster,receipts,reports,requests,requests-list-plan,requests-reading,sign-in-limits,staff,time-zones}.test.ts
  fi
  DATABASE_URL="postgres://noor@127.0.0.1:$PORT/noor_test" LOG_LEVEL=silent npx vitest run "$@"
fi
