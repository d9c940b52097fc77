"""Check a gaming day's archive offline: no database, no key, the standard library only.

    python -m reports.archive_verify DIR [DIR ...]

What it checks (``reports.archive`` writes the archive):

- every file the manifest lists is present, with its size and SHA-256;
- no file is in the directory that the manifest does not list;
- the evidence chain's records (``records/casino.chainlink.json``) run from seq 1 without
  a gap, each link's ``prev`` is the link before it, and the last link is the
  manifest's head.

Without the key, a link's HMAC cannot be recomputed, and someone who rewrote a file
could also rewrite the manifest: the auditor keeps the manifest's SHA-256 (printed by
``export_day`` and by this check) on the paper they sign, and ``manage.py
verify_export`` on a machine with the seal keys checks the manifest's seal and every
link's HMAC as well.

Exit status 0 when the archive is intact, 1 when anything is wrong (each problem on
its own line), 2 when the directory is not an archive.
"""

from __future__ import annotations

import hashlib
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

MANIFEST = "manifest.json"
FORMAT = "mesa-day-archive/1"


@dataclass
class Verdict:
    directory: Path
    manifest: dict[str, Any] = field(default_factory=dict)
    manifest_sha256: str = ""
    problems: list[str] = field(default_factory=list)
    checked_files: int = 0

    @property
    def ok(self) -> bool:
        return not self.problems


class NotAnArchive(Exception):
    pass


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def load_manifest(directory: Path) -> tuple[dict[str, Any], str]:
    path = directory / MANIFEST
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise NotAnArchive(f"{directory}: no {MANIFEST} ({exc.strerror})") from None
    try:
        manifest = json.loads(raw)
    except ValueError as exc:
        raise NotAnArchive(f"{path}: not valid JSON ({exc})") from None
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        raise NotAnArchive(f"{path}: not a Mesa day archive (format {FORMAT!r} expected)")
    return manifest, hashlib.sha256(raw).hexdigest()


def chain_problems(links: list[dict[str, Any]], head_seq: int, head_link: str) -> list[str]:
    """Continuity of the exported chain: seq 1..n, each ``prev`` the link before it."""
    problems: list[str] = []
    prev = ""
    for expected_seq, link in enumerate(links, start=1):
        seq = link.get("seq")
        if seq != expected_seq:
            problems.append(f"chain: link {expected_seq} missing (found seq {seq})")
            return problems
        if link.get("prev", "") != prev:
            problems.append(f"chain: link {seq} does not follow link {seq - 1}")
            return problems
        prev = link.get("link", "")
    last_seq = len(links)
    if last_seq != head_seq or prev != head_link:
        problems.append(
            f"chain: ends at link {last_seq} {prev[:16]}, the manifest's head is "
            f"{head_seq} {head_link[:16]}"
        )
    return problems


def verify(directory: Path) -> Verdict:
    """Check one archive directory; raises :class:`NotAnArchive` when it is not one."""
    directory = Path(directory)
    manifest, digest = load_manifest(directory)
    verdict = Verdict(directory, manifest, digest)
    listed: dict[str, Any] = manifest.get("files") or {}
    for name, meta in sorted(listed.items()):
        path = directory / name
        if not path.is_file():
            verdict.problems.append(f"{name}: missing")
            continue
        verdict.checked_files += 1
        if path.stat().st_size != meta.get("bytes"):
            verdict.problems.append(
                f"{name}: {path.stat().st_size} bytes, the manifest says {meta.get('bytes')}"
            )
        elif _sha256(path) != meta.get("sha256"):
            verdict.problems.append(f"{name}: altered (SHA-256 differs from the manifest)")
    present = {
        p.relative_to(directory).as_posix()
        for p in directory.rglob("*")
        if p.is_file() and p.name != MANIFEST
    }
    for name in sorted(present - set(listed)):
        verdict.problems.append(f"{name}: not in the manifest (added after the export)")

    chain = manifest.get("chain") or {}
    records_file = chain.get("records_file", "")
    chain_path = directory / records_file if records_file else None
    links: list[dict[str, Any]] = []
    if chain_path is not None and chain_path.is_file():
        try:
            rows = json.loads(chain_path.read_bytes())
            links = sorted((r["fields"] for r in rows), key=lambda f: f.get("seq", 0))
        except (ValueError, KeyError, TypeError) as exc:
            verdict.problems.append(f"{records_file}: unreadable ({exc})")
    if chain.get("head_seq", 0) or links:
        verdict.problems.extend(
            chain_problems(links, int(chain.get("head_seq", 0)), chain.get("head_link", ""))
        )
    if chain.get("verified") is False:
        verdict.problems.append(f"chain: did not verify at export ({chain.get('break')})")
    for problem in manifest.get("archived_problems") or []:
        verdict.problems.append(f"at export: {problem}")
    return verdict


def archive_dirs(path: Path) -> list[Path]:
    """``path`` itself when it is a day's archive, else the day archives inside it (a month)."""
    path = Path(path)
    if (path / MANIFEST).is_file() or not path.is_dir():
        return [path]
    days = sorted(p for p in path.iterdir() if (p / MANIFEST).is_file())
    return days or [path]


def summary(verdict: Verdict) -> list[str]:
    m = verdict.manifest
    casino = (m.get("casino") or {}).get("code", "?")
    head = m.get("chain") or {}
    lines = [
        f"{verdict.directory}: {casino} {m.get('business_date')}"
        f"{' (PROVISIONAL: the day was open)' if m.get('provisional') else ''}",
        f"  manifest SHA-256 {verdict.manifest_sha256}",
        f"  files checked {verdict.checked_files} of {len(m.get('files') or {})}; "
        f"chain head {head.get('head_seq')} {str(head.get('head_link', ''))[:16]}",
    ]
    if verdict.ok:
        lines.append("  intact")
    else:
        lines.extend(f"  PROBLEM {p}" for p in verdict.problems)
    return lines


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args:
        print(__doc__.strip().splitlines()[0], file=sys.stderr)
        print("usage: python -m reports.archive_verify DIR [DIR ...]", file=sys.stderr)
        return 2
    status = 0
    for arg in [d for a in args for d in archive_dirs(Path(a))]:
        try:
            verdict = verify(arg)
        except NotAnArchive as exc:
            print(str(exc), file=sys.stderr)
            status = max(status, 2)
            continue
        for line in summary(verdict):
            print(line)
        if not verdict.ok:
            status = max(status, 1)
    return status


if __name__ == "__main__":
    raise SystemExit(main())
