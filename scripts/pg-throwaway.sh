#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster for the test suite and prints its admin URL on stdout.
# Usage: eval "$(bash scripts/pg-throwaway.sh start)"  → exports TEST_DATABASE_URL and PG_THROWAWAY_DIR
#        bash scripts/pg-throwaway.sh stop "$PG_THROWAWAY_DIR"
#        bash scripts/pg-throwaway.sh halt "$PG_THROWAWAY_DIR"; … resume "$PG_THROWAWAY_DIR" PORT  (outage tests)
set -euo pipefail
bin=""
for d in /usr/lib/postgresql/*/bin; do [ -x "$d/initdb" ] && bin="$d"; done
[ -n "$bin" ] || { echo "pg-throwaway: PostgreSQL server binaries not found" >&2; exit 1; }

case "${1:-start}" in
start)
  dir=$(mktemp -d /tmp/contrail-pg.XXXXXX)
  chmod 755 "$dir"
  port=${PG_PORT:-55432}
  run=(bash -c)
  if [ "$(id -u)" = 0 ]; then
    chown postgres "$dir"
    run=(su postgres -s /bin/bash -c)
    cd /
  fi
  "${run[@]}" "'$bin/initdb' -D '$dir/data' -U postgres -A trust --no-sync -E UTF8 --locale=C.UTF-8 >'$dir/initdb.log' 2>&1" \
    || { cat "$dir/initdb.log" >&2; exit 1; }
  "${run[@]}" "'$bin/pg_ctl' -D '$dir/data' -l '$dir/server.log' -w -o \"-p $port -k '$dir' -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200\" start >/dev/null" \
    || { cat "$dir/server.log" >&2; exit 1; }
  echo "export TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$port/postgres"
  echo "export PG_THROWAWAY_DIR=$dir"
  ;;
halt)
  # Stops the server of a cluster and keeps its data, so `resume` can bring it back (outage tests).
  dir=${2:?directory}
  run=(bash -c)
  [ "$(id -u)" = 0 ] && run=(su postgres -s /bin/bash -c)
  cd /
  "${run[@]}" "'$bin/pg_ctl' -D '$dir/data' -m fast -w stop >/dev/null"
  ;;
resume)
  dir=${2:?directory}
  port=${3:?port}
  run=(bash -c)
  [ "$(id -u)" = 0 ] && run=(su postgres -s /bin/bash -c)
  cd /
  "${run[@]}" "'$bin/pg_ctl' -D '$dir/data' -l '$dir/server.log' -w -o \"-p $port -k '$dir' -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200\" start >/dev/null" \
    || { cat "$dir/server.log" >&2; exit 1; }
  ;;
stop)
  dir=${2:?directory}
  run=(bash -c)
  [ "$(id -u)" = 0 ] && run=(su postgres -s /bin/bash -c)
    cd /
  "${run[@]}" "'$bin/pg_ctl' -D '$dir/data' -m immediate stop >/dev/null" || true
  rm -rf "$dir"
  ;;
esac
