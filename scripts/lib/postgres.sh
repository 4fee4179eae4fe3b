# Sourced by scripts: start_throwaway_postgres starts a private PostgreSQL cluster on a free
# loopback port and exports TEST_DATABASE_URL; stop_throwaway_postgres removes it.
# initdb refuses to run as root, so as root the cluster belongs to the postgres user.

PG_TMP=""

free_port() {
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

pg_bin_dir() {
    if command -v initdb >/dev/null 2>&1; then
        dirname "$(command -v initdb)"
        return
    fi
    local d
    for d in /usr/lib/postgresql/*/bin; do
        [ -x "$d/initdb" ] && { echo "$d"; return; }
    done
    return 1
}

start_throwaway_postgres() {
    local bin port
    bin=$(pg_bin_dir) || return 1
    port=$(free_port)
    PG_TMP=$(mktemp -d /tmp/playspace-pg.XXXXXX)
    local run=()
    if [ "$(id -u)" = 0 ]; then
        chown postgres "$PG_TMP"
        run=(runuser -u postgres --)
    fi
    "${run[@]}" "$bin/initdb" -D "$PG_TMP/data" --auth=trust --username=playspace --encoding=UTF8 --no-sync >"$PG_TMP/initdb.log" 2>&1 \
        || { cat "$PG_TMP/initdb.log" >&2; return 1; }
    "${run[@]}" "$bin/pg_ctl" -D "$PG_TMP/data" -l "$PG_TMP/server.log" -w \
        -o "-p $port -k $PG_TMP -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300" \
        start >/dev/null || { cat "$PG_TMP/server.log" >&2; return 1; }
    export TEST_DATABASE_URL="postgres://playspace@127.0.0.1:$port/postgres"
    PG_STARTED_BIN="$bin"
}

stop_throwaway_postgres() {
    [ -n "$PG_TMP" ] || return 0
    local run=()
    [ "$(id -u)" = 0 ] && run=(runuser -u postgres --)
    "${run[@]}" "$PG_STARTED_BIN/pg_ctl" -D "$PG_TMP/data" -m immediate -w stop >/dev/null 2>&1 || true
    rm -rf "$PG_TMP"
    PG_TMP=""
}
