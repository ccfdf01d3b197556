#!/bin/sh
# Make sure the local PostgreSQL that the storage tests use is running (127.0.0.1:5432).
# Starts the Debian cluster if it is installed and stopped; never fails the build by itself:
# without PostgreSQL its tests are skipped, or fail under CI=true.
HOST=127.0.0.1
PORT=5432

command -v pg_isready >/dev/null 2>&1 || { echo "ensure-postgres: PostgreSQL is not installed"; exit 0; }
pg_isready -q -h "$HOST" -p "$PORT" && exit 0

echo "ensure-postgres: starting the PostgreSQL 15 cluster"
pg_ctlcluster --skip-systemctl-redirect 15 main start 2>&1 || true
for _ in 1 2 3 4 5 6 7 8 9 10; do
    pg_isready -q -h "$HOST" -p "$PORT" && exit 0
    sleep 0.5
done
echo "ensure-postgres: PostgreSQL is not reachable on $HOST:$PORT"
exit 0
