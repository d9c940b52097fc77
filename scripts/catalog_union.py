#!/usr/bin/env python3
"""Resolve a merge conflict in gettext JSON catalogues (``locale/es/catalog/<app>.json``)
by keeping the entries of both sides (issue 41 §2: the refusals' codemod adds the Spanish
of the codes it writes at the end of an app's catalogue, as other branches add theirs).

    .venv/bin/python scripts/catalog_union.py locale/es/catalog/rota.json [...]

Reads the two sides from git's index (stage 2 ours, stage 3 theirs), writes ours with
theirs' entries added, and ``git add``s the file. A msgid the two sides translate
differently is printed and keeps ours: decide it by hand (exit status 1).
"""

from __future__ import annotations

import json
import subprocess
import sys


def _side(stage: int, path: str) -> dict[str, str]:
    shown = subprocess.run(
        ["git", "show", f":{stage}:{path}"], capture_output=True, text=True, check=True
    )
    return json.loads(shown.stdout)


def main(paths: list[str]) -> int:
    status = 0
    for path in paths:
        ours, theirs = _side(2, path), _side(3, path)
        for msgid, spanish in theirs.items():
            if msgid in ours and ours[msgid] != spanish:
                print(f"{path}: {msgid!r}: ours {ours[msgid]!r}, theirs {spanish!r} (kept ours)")
                status = 1
            ours.setdefault(msgid, spanish)
        with open(path, "w", encoding="utf-8") as out:
            out.write(json.dumps(ours, ensure_ascii=False, indent=2) + "\n")
        subprocess.run(["git", "add", path], check=True)
    return status


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
