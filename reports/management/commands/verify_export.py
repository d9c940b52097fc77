"""Check a gaming day's archive (or a month's): files, chain, and with the keys the seals.

python manage.py verify_export DIR [DIR ...]

The file and chain checks are ``reports.archive_verify`` (the same as ``python -m
reports.archive_verify``, which needs no database and no key). Here the seal keys of
the settings are used as well: the manifest's seal, and every chain link's HMAC
recomputed from the one before it. Exits 1 when anything is wrong.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from casino import sealing
from reports.archive_verify import NotAnArchive, Verdict, archive_dirs, summary, verify


def keyed_problems(verdict: Verdict) -> list[str]:
    """The manifest's seal and each link's HMAC, under the configured keys."""
    problems: list[str] = []
    manifest = dict(verdict.manifest)
    stored = manifest.pop("seal", "")
    state = sealing.verify(manifest, stored)
    if state == sealing.KEY_UNKNOWN:
        problems.append(f"manifest: sealed with key {sealing.key_id_of(stored)!r}, not configured")
    elif state != sealing.OK:
        problems.append("manifest: its seal does not verify (the manifest was changed)")
    records_file = (manifest.get("chain") or {}).get("records_file", "")
    path = verdict.directory / records_file
    if not records_file or not path.is_file():
        return problems
    try:
        links: list[dict[str, Any]] = sorted(
            (r["fields"] for r in json.loads(path.read_bytes())), key=lambda f: f["seq"]
        )
    except (ValueError, KeyError, TypeError):
        return problems  # reported by the offline check
    ring = sealing.keyring()
    for link in links:
        key = ring.key(link["key_id"])
        if key is None:
            problems.append(f"chain: link {link['seq']} sealed with unknown key {link['key_id']!r}")
            break
        expected = sealing.link_hash(
            key, link["prev"], link["record_type"], link["record_id"], link["record_seal"]
        )
        if expected != link["link"]:
            problems.append(f"chain: link {link['seq']} does not recompute (altered)")
            break
    return problems


class Command(BaseCommand):
    help = "Verify a day's (or a month's) archive written by export_day."

    def add_arguments(self, parser):
        parser.add_argument("directories", nargs="+")

    def handle(self, *args, **options):
        failed = False
        for directory in [d for a in options["directories"] for d in archive_dirs(Path(a))]:
            try:
                verdict = verify(directory)
            except NotAnArchive as exc:
                raise CommandError(str(exc)) from None
            verdict.problems.extend(keyed_problems(verdict))
            for line in summary(verdict):
                self.stdout.write(line)
            failed = failed or not verdict.ok
        if failed:
            raise CommandError("the archive does not verify")
