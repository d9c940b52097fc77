#!/usr/bin/env bash
# Restore a Mesa backup into a NEW database (issue 9 §8).
#
#   scripts/restore.sh BACKUP.dump TARGET_DATABASE_URL
#
# TARGET_DATABASE_URL names a database that must not exist yet, or exist and be empty:
# the script never restores over a database holding tables. It is created (UTF8, from
# template0) through the server's "postgres" database, then the archive is restored in a
# single transaction (all or nothing) with --exit-on-error. The immutability triggers come
# back with it; after restoring, point the application at the new database and run
#   DATABASE_URL=TARGET python manage.py migrate --noinput   (re-installs the triggers)
#   DATABASE_URL=TARGET python manage.py reconcile_day --date YYYY-MM-DD
# PostgreSQL client binaries: PG_BINDIR, else MESA_TEST_PG_BINDIR, else the PATH.
set -euo pipefail

if [ $# -ne 2 ]; then
  echo "usage: scripts/restore.sh BACKUP.dump TARGET_DATABASE_URL" >&2
  exit 2
fi
dump="$1"
target="$2"
[ -r "$dump" ] || { echo "restore.sh: cannot read $dump" >&2; exit 2; }
case "$target" in
  postgres://*|postgresql://*) ;;
  *) echo "restore.sh: the target is not a PostgreSQL URL" >&2; exit 2 ;;
esac
bindir="${PG_BINDIR:-${MESA_TEST_PG_BINDIR:-}}"
psql="${bindir:+$bindir/}psql"
pg_restore="${bindir:+$bindir/}pg_restore"

name="${target##*/}"
name="${name%%\?*}"
server="${target%/*}/postgres"
case "$name" in
  ''|*[!A-Za-z0-9_]*) echo "restore.sh: database name '$name' must be letters, digits, _" >&2; exit 2 ;;
esac

exists=$("$psql" "$server" -XAtq -c "SELECT 1 FROM pg_database WHERE datname = '$name'")
if [ "$exists" = "1" ]; then
  tables=$("$psql" "$target" -XAtq -c \
    "SELECT count(*) FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')")
  if [ "$tables" != "0" ]; then
    echo "restore.sh: $name already holds $tables tables; restore into a new database" >&2
    exit 3
  fi
else
  "$psql" "$server" -XAtq -c "CREATE DATABASE \"$name\" TEMPLATE template0 ENCODING 'UTF8'"
fi
"$pg_restore" --dbname="$target" --no-owner --no-privileges --single-transaction \
  --exit-on-error "$dump"
tables=$("$psql" "$target" -XAtq -c \
  "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'")
triggers=$("$psql" "$target" -XAtq -c \
  "SELECT count(*) FROM pg_trigger WHERE tgname LIKE '%_mesa_guard'")
echo "restore: $dump -> $name ($tables tables, $triggers immutability triggers)"
