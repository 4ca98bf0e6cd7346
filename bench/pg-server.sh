#!/usr/bin/env bash
# A PostgreSQL server for the benches, set up as a production server for the billing run would be, in a
# temporary folder with Debian's binaries (initdb, pg_ctl): nothing of the machine's own PostgreSQL is
# read or changed. The machine's server is a test server (128 MB of shared buffers, autovacuum off,
# checkpoints every 1 GB of WAL); at 100,000 payments the run's tables and indexes outgrow its buffers and
# its dead rows are never vacuumed (docs/performance.md, "Billing on a server set up for it").
#
#   bench/pg-server.sh -- CMD ARGS...   start it, run CMD with BENCH_PG_URL (its `postgres` database) and
#                                       BENCH_PG_CLUSTER (its cluster_name, in every one of its processes'
#                                       titles: bench/cpu.ts counts them all as PostgreSQL's CPU), stop it,
#                                       exit with CMD's status
#   bench/pg-server.sh                  start it, print its URL, keep it until Ctrl-C
#
# BENCH_PG_PORT (default: the first free from 54341), BENCH_PG_SHARED_BUFFERS (default 4GB),
# BENCH_PG_DIR (default: a new folder under /tmp). pg_stat_statements is loaded (CREATE EXTENSION in the
# bench's database to read it). Durable as production: fsync and synchronous_commit on.
set -euo pipefail

PG_BIN=${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)}
if [[ -z "$PG_BIN" || ! -x "$PG_BIN/initdb" ]]; then
  echo "pg-server.sh: no PostgreSQL server binaries under /usr/lib/postgresql/*/bin" >&2
  exit 3
fi
as_pg=()
if [[ $(id -u) -eq 0 ]]; then as_pg=(runuser -u postgres --); fi
pg() { "${as_pg[@]}" "$@"; }

port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
PORT=${BENCH_PG_PORT:-54341}
while ! port_free "$PORT"; do PORT=$((PORT + 1)); done
DIR=${BENCH_PG_DIR:-$(mktemp -d /tmp/rentloop-bench-pg.XXXXXX)}
mkdir -p "$DIR"
chmod 755 "$DIR"
if [[ ${#as_pg[@]} -gt 0 ]]; then chown postgres: "$DIR"; fi
CLUSTER=rentloop-bench

cleanup() {
  local code=$?
  [[ -f "$DIR/data/postmaster.pid" ]] && pg "$PG_BIN/pg_ctl" -D "$DIR/data" stop -m fast >/dev/null 2>&1
  rm -rf "$DIR"
  exit "$code"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

pg "$PG_BIN/initdb" -D "$DIR/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >"$DIR/initdb.log"
cat >>"$DIR/data/postgresql.conf" <<CONF
port = $PORT
listen_addresses = '127.0.0.1'
unix_socket_directories = '$DIR'
cluster_name = '$CLUSTER'
shared_preload_libraries = 'pg_stat_statements'
shared_buffers = ${BENCH_PG_SHARED_BUFFERS:-4GB}
effective_cache_size = 12GB
work_mem = 16MB
maintenance_work_mem = 512MB
wal_buffers = 64MB
wal_compression = lz4
max_wal_size = 16GB
min_wal_size = 2GB
checkpoint_timeout = 15min
checkpoint_completion_target = 0.9
autovacuum = on
autovacuum_naptime = 10s
autovacuum_vacuum_cost_limit = 2000
max_connections = 100
CONF
pg "$PG_BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w start >/dev/null

export BENCH_PG_URL="postgres://postgres@127.0.0.1:$PORT"
export BENCH_PG_CLUSTER="$CLUSTER"
if [[ "${1:-}" == "--" ]]; then
  shift
  set +e
  "$@"
  status=$?
  set -e
  exit "$status"
fi
echo "Bench PostgreSQL: $BENCH_PG_URL/postgres (cluster $CLUSTER, log $DIR/server.log); Ctrl-C stops it."
while true; do sleep 3600 & wait $!; done
