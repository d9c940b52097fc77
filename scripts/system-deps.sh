#!/usr/bin/env bash
# Install the Debian packages the test suite needs, when they are missing:
# PostgreSQL 15, Redis, poppler (pdftotext), WeasyPrint's libraries, fonts, Chromium.
set -euo pipefail
need=()
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
command -v pdftotext >/dev/null 2>&1 || need+=(poppler-utils)
ldconfig -p 2>/dev/null | grep -q libpangoft2-1.0 || need+=(libpango-1.0-0 libpangoft2-1.0-0)
[ -e /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || need+=(fonts-dejavu-core)
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v msgfmt >/dev/null 2>&1 || need+=(gettext)
# Optional: Chromium's Spanish resources, so date fields read dd/mm/aaaa in the
# screenshots; the tests pass without them.
optional=()
dpkg -s chromium-l10n >/dev/null 2>&1 || optional+=(chromium-l10n)
if [ ${#need[@]} -eq 0 ] && [ ${#optional[@]} -eq 0 ]; then
  exit 0
fi
echo "Installing system packages: ${need[*]} ${optional[*]}"
SUDO=""
if [ "$(id -u)" != 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; elif [ ${#need[@]} -eq 0 ]; then
    exit 0  # only optional packages are missing
  else
    echo "Missing packages (${need[*]}) and no root: install them and run again." >&2; exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
if [ ${#need[@]} -gt 0 ]; then
  $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
if [ ${#optional[@]} -gt 0 ]; then
  $SUDO apt-get install -y -qq --no-install-recommends "${optional[@]}" >/dev/null ||
    echo "Optional packages not installed (${optional[*]}): dates in screenshots stay mm/dd/yyyy." >&2
fi
# The Debian package starts a cluster and a Redis service; the tests start their own.
if command -v service >/dev/null 2>&1; then
  $SUDO service postgresql stop >/dev/null 2>&1 || true
  $SUDO service redis-server stop >/dev/null 2>&1 || true
fi
