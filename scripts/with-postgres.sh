#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL cluster: initdb in a temp dir, a free local
# port, DATABASE_URL exported; the cluster is stopped and removed whatever happens.
set -euo pipefail

pg_bin=""
for dir in ${PG_BIN:-} /usr/lib/postgresql/*/bin; do
  [ -x "$dir/initdb" ] && pg_bin=$dir && break
done
if [ -z "$pg_bin" ]; then
  if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    apt-get update -qq && apt-get install -y -qq postgresql >/dev/null
    for dir in /usr/lib/postgresql/*/bin; do [ -x "$dir/initdb" ] && pg_bin=$dir && break; done
  fi
fi
[ -n "$pg_bin" ] || { echo "error: PostgreSQL server binaries (initdb, pg_ctl) not found" >&2; exit 1; }

as_pg=()
if [ "$(id -u)" = 0 ]; then as_pg=(runuser -u postgres --); fi

work=$(mktemp -d /tmp/scorekeeper-pg.XXXXXX)
chmod 755 "$work"
[ "$(id -u)" = 0 ] && chown postgres "$work"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')

cleanup() {
  "${as_pg[@]}" "$pg_bin/pg_ctl" -D "$work/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT INT TERM

"${as_pg[@]}" "$pg_bin/initdb" -D "$work/data" -U postgres -A trust -E UTF8 --no-locale >/dev/null
"${as_pg[@]}" "$pg_bin/pg_ctl" -D "$work/data" -l "$work/log" -w \
  -o "-p $port -k $work -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null

export DATABASE_URL="postgres://postgres@127.0.0.1:$port/scorekeeper"
echo "PostgreSQL $("$pg_bin/postgres" --version | awk '{print $3}') on port $port"
"$@"
