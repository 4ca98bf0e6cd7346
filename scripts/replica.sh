#!/usr/bin/env bash
# A PostgreSQL primary and a streaming hot standby of it, in a temporary folder, with Debian's binaries
# (initdb, pg_basebackup -R, pg_ctl): nothing of the machine's own PostgreSQL is read or changed.
#
#   scripts/replica.sh                 start both, print their URLs, keep them until Ctrl-C
#   scripts/replica.sh -- CMD ARGS...  start both, run CMD with the URLs in its environment, stop both,
#                                      exit with CMD's status
#
# CMD gets DATABASE_URL (the primary, database `rentloop`), READ_REPLICA_URL (the standby, same database),
# REPLICA_SERVER_URL / PRIMARY_SERVER_URL (the `postgres` database of each) and REPLICA_STANDBY_CTL, a
# command prefix that runs pg_ctl on the standby (`$REPLICA_STANDBY_CTL stop -m fast`, `... start`), for
# tests that stop and start it. Ports: REPLICA_PRIMARY_PORT / REPLICA_STANDBY_PORT, else the first free
# ones from 54331. PG_BIN: the binaries' folder (default: the newest /usr/lib/postgresql/*/bin).
#
# The primary names every standby synchronous (synchronous_standby_names = '*') but waits for none by
# default (synchronous_commit = local): a session that wants its commit visible on the standby before
# COMMIT returns asks for it (SET synchronous_commit = remote_apply); the API tests' fixtures do
# (testing/database.ts). A stopped standby therefore never blocks the primary's ordinary writes.
# initdb and postgres refuse to run as root: as root, both servers run as the `postgres` OS user.
set -euo pipefail

PG_BIN=${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)}
if [[ -z "$PG_BIN" || ! -x "$PG_BIN/initdb" || ! -x "$PG_BIN/pg_basebackup" ]]; then
  echo "replica.sh: no PostgreSQL server binaries (initdb, pg_basebackup) under /usr/lib/postgresql/*/bin" >&2
  exit 3
fi

as_pg=()
if [[ $(id -u) -eq 0 ]]; then as_pg=(runuser -u postgres --); fi

port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
next_free() {
  local p=$1
  while ! port_free "$p"; do p=$((p + 1)); done
  echo "$p"
}
P1=${REPLICA_PRIMARY_PORT:-$(next_free 54331)}
P2=${REPLICA_STANDBY_PORT:-$(next_free $((P1 + 1)))}

DIR=$(mktemp -d /tmp/rentloop-replica.XXXXXX)
chmod 755 "$DIR"
if [[ ${#as_pg[@]} -gt 0 ]]; then chown postgres: "$DIR"; fi

cleanup() {
  local code=$?
  for d in standby primary; do
    [[ -f "$DIR/$d/postmaster.pid" ]] && "${as_pg[@]}" "$PG_BIN/pg_ctl" -D "$DIR/$d" stop -m immediate >/dev/null 2>&1
  done
  rm -rf "$DIR"
  exit "$code"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

pg() { "${as_pg[@]}" "$@"; }

pg "$PG_BIN/initdb" -D "$DIR/primary" -U postgres --auth=trust --no-sync -E UTF8 --locale=C.UTF-8 >"$DIR/initdb.log"
cat >>"$DIR/primary/postgresql.conf" <<EOF
port = $P1
listen_addresses = '127.0.0.1'
unix_socket_directories = '$DIR'
wal_level = replica
max_wal_senders = 4
synchronous_standby_names = '*'
synchronous_commit = local
fsync = off
EOF
pg "$PG_BIN/pg_ctl" -D "$DIR/primary" -l "$DIR/primary.log" -w start >/dev/null

# -R writes standby.signal and primary_conninfo: the copy starts as a hot standby streaming from the primary.
pg "$PG_BIN/pg_basebackup" -h 127.0.0.1 -p "$P1" -U postgres -D "$DIR/standby" -R -X stream -c fast
cat >>"$DIR/standby/postgresql.conf" <<EOF
port = $P2
hot_standby = on
EOF
pg "$PG_BIN/pg_ctl" -D "$DIR/standby" -l "$DIR/standby.log" -w start >/dev/null

# The database is created with remote_apply, so it exists on the standby when this returns.
PGOPTIONS='-c synchronous_commit=remote_apply' "$PG_BIN/psql" -q -h 127.0.0.1 -p "$P1" -U postgres \
  -c 'CREATE DATABASE rentloop' postgres

export PRIMARY_SERVER_URL="postgres://postgres@127.0.0.1:$P1/postgres"
export REPLICA_SERVER_URL="postgres://postgres@127.0.0.1:$P2/postgres"
export DATABASE_URL="postgres://postgres@127.0.0.1:$P1/rentloop"
export READ_REPLICA_URL="postgres://postgres@127.0.0.1:$P2/rentloop"
export REPLICA_STANDBY_CTL="${as_pg[*]} $PG_BIN/pg_ctl -D $DIR/standby -l $DIR/standby.log -w"

if [[ "${1:-}" == "--" ]]; then
  shift
  set +e
  "$@"
  status=$?
  set -e
  exit "$status"
fi

cat <<EOF
Primary:  $DATABASE_URL
Standby:  $READ_REPLICA_URL   (hot standby, streaming; logs in $DIR)
Start the API on them:
  DATABASE_URL=$DATABASE_URL READ_REPLICA_URL=$READ_REPLICA_URL npm start
Pause / resume the standby's replay (to watch read-your-writes):
  psql $REPLICA_SERVER_URL -c 'select pg_wal_replay_pause()'    (pg_wal_replay_resume())
Stop / start the standby (to watch lists fall back to the primary):
  $REPLICA_STANDBY_CTL stop -m fast      ($REPLICA_STANDBY_CTL start)
Ctrl-C stops both and removes $DIR.
EOF
while true; do sleep 3600 & wait $!; done
