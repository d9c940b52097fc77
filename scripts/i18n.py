#!/usr/bin/env python3
"""Spanish translations: extract, fill from the per-app catalogues, compile.

    python scripts/i18n.py            # makemessages + fill + compile
    python scripts/i18n.py --check    # exit 1 if a Spanish msgstr is missing

Msgids are English in the code; Spanish (the default language) comes from
``locale/es/catalog/*.json`` files (``{"English msgid": "Spanish"}``), one per
app so that people working on different apps never edit the same file. The
English catalogue needs no translations (msgid = text).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import polib

ROOT = Path(__file__).resolve().parent.parent
PO = ROOT / "locale" / "es" / "LC_MESSAGES" / "django.po"
CATALOG = ROOT / "locale" / "es" / "catalog"
IGNORE = [".venv", "tests", "var", "staticfiles", "poker/*", "benchmarks/*", "docs", "scripts"]


def makemessages() -> None:
    cmd = [sys.executable, "manage.py", "makemessages", "-l", "es", "-l", "en", "--no-obsolete"]
    for pattern in IGNORE:
        cmd += ["--ignore", pattern]
    subprocess.run(cmd, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)


def load_catalog() -> dict[str, str]:
    merged: dict[str, str] = {}
    for path in sorted(CATALOG.glob("*.json")):
        merged.update(json.loads(path.read_text(encoding="utf-8")))
    return merged


def fill() -> list[str]:
    po = polib.pofile(str(PO))
    catalog = load_catalog()
    forms = po.metadata.get("Plural-Forms", "nplurals=2;")
    nplurals = int(forms.split("nplurals=")[1].split(";")[0]) if "nplurals=" in forms else 2
    missing = []
    for entry in po:
        if entry.obsolete:
            continue
        key = entry.msgid
        if entry.msgid_plural:
            singular = catalog.get(entry.msgid)
            plural = catalog.get(entry.msgid_plural)
            if singular and plural:
                # Spanish catalogues may declare 2 or 3 plural forms (gettext's es
                # has a separate form for millions): index 0 is the singular,
                # every other index the plural.
                entry.msgstr_plural = {i: (singular if i == 0 else plural) for i in range(nplurals)}
                entry.flags = [f for f in entry.flags if f != "fuzzy"]
            else:
                missing.append(key)
            continue
        if key in catalog:
            entry.msgstr = catalog[key]
            entry.flags = [f for f in entry.flags if f != "fuzzy"]
        elif not entry.msgstr or "fuzzy" in entry.flags:
            missing.append(key)
    po.save(str(PO))
    po.save_as_mofile(str(PO.with_suffix(".mo")))
    en = ROOT / "locale" / "en" / "LC_MESSAGES" / "django.po"
    if en.exists():
        polib.pofile(str(en)).save_as_mofile(str(en.with_suffix(".mo")))
    return missing


def main() -> int:
    check = "--check" in sys.argv
    makemessages()
    missing = fill()
    if missing:
        print(f"{len(missing)} msgids without a Spanish translation:")
        for m in missing:
            print(f"  {m!r}")
    return 1 if (check and missing) else 0


if __name__ == "__main__":
    sys.exit(main())
