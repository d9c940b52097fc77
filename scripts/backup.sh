#!/usr/bin/env bash
# Back up Mesa's PostgreSQL database (issue 9 §8).
#
#   scripts/backup.sh [OUTPUT.dump]
#
# Reads the database from DATABASE_URL (postgres://user@host:port/name), the
# same variable the application uses; a password is best given in ~/.pgpass or PGPASSWORD,
# never on the command line. Writes a pg_dump custom-format archive (compressed; schema,
# data, the immutability triggers and their functions), then checks it can be read back
# (pg_restore --list) and prints its size and SHA-256. Default output:
# backups/mesa-YYYYMMDD-HHMMSS.dump. PostgreSQL client binaries: PG_BINDIR, else the test
# cluster's (MESA_TEST_PG_BINDIR), else the PATH.
set -euo pipefail

: "${DATABASE_URL:?set DATABASE_URL (postgres://user@host:port/name)}"
case "$DATABASE_URL" in
  postgres://*|postgresql://*) ;;
  *) echo "backup.sh: DATABASE_URL is not a PostgreSQL URL" >&2; exit 2 ;;
esac
bindir="${PG_BINDIR:-${MESA_TEST_PG_BINDIR:-}}"
pg_dump="${bindir:+$bindir/}pg_dump"
pg_restore="${bindir:+$bindir/}pg_restore"
out="${1:-backups/mesa-$(date -u +%Y%m%d-%H%M%S).dump}"
mkdir -p "$(dirname "$out")"
tmp="$out.partial"
trap 'rm -f "$tmp"' EXIT

# --no-owner/--no-privileges: the archive restores under whatever role restores it.
"$pg_dump" --dbname="$DATABASE_URL" --format=custom --compress=6 \
  --no-owner --no-privileges --file="$tmp"
"$pg_restore" --list "$tmp" > /dev/null   # the archive is readable to the end
mv "$tmp" "$out"
trap - EXIT
size=$(wc -c < "$out")
sum=$(sha256sum "$out" | cut -d' ' -f1)
echo "backup: $out ($size bytes, sha256 $sum)"
