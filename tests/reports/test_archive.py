"""A gaming day's archive: exported with `manage.py export_day`, checked offline (issue 17 §5).

The day is simulated through every service (`simulate_day`), one of its reports is
requested and archived through the API as a manager would, the day is closed, and the
archive is written and verified with the commands an operator runs. The offline check
(`python -m reports.archive_verify`) runs in a separate process with no Django settings.
"""

from __future__ import annotations

import hashlib
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import CommandError

from casino.access import Actor
from casino.models import GamingDay, User
from casino.roles import Role
from casino.services import gaming_day_close
from reports.models import Report

from .conftest import pdf_text

pytestmark = pytest.mark.django_db(transaction=False)

ROOT = Path(__file__).resolve().parents[2]


def simulate() -> GamingDay:
    call_command(
        "simulate_day", "--tables", "2", "--hands", "10", "--seed", "3", stdout=io.StringIO()
    )
    return GamingDay.objects.get(casino__code="sim")


def close(day: GamingDay) -> None:
    manager = User.objects.get(username="sim-gerente")
    gaming_day_close(actor=Actor(manager, Role.SHIFT_MANAGER), gaming_day=day)


def export(*args: str) -> str:
    out = io.StringIO()
    call_command("export_day", *args, stdout=out)
    return out.getvalue()


def offline(directory: Path) -> subprocess.CompletedProcess[str]:
    """The auditor's check on another machine: no settings, no database, no key."""
    return subprocess.run(
        [sys.executable, "-m", "reports.archive_verify", str(directory)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)},
    )


def archive_a_report(api, capture) -> Report:  # type: ignore[no-untyped-def]
    manager = User.objects.get(username="sim-gerente")
    day = GamingDay.objects.get(casino__code="sim")
    with capture(execute=True):
        response = api(manager, Role.SHIFT_MANAGER).post(
            "/api/reports/",
            {"kind": "gaming_day", "params": {"date": day.business_date.isoformat()}},
            format="json",
        )
    assert response.status_code == 202, response.json()
    report = Report.objects.get(pk=response.json()["id"])
    assert report.status == Report.Status.DONE
    return report


def test_an_exported_day_verifies_offline_and_every_change_is_reported(
    api, django_capture_on_commit_callbacks, tmp_path
):  # type: ignore[no-untyped-def]
    """Issue 17 §5 and "Bad input", RPT-01 (archived unchanged): a day exported with its PDFs,
    records and manifest; verified offline untouched, and each kind of change reported.

    One simulated day for the whole story (an export renders about twenty PDFs)."""
    day = simulate()
    archived = archive_a_report(api, django_capture_on_commit_callbacks)
    iso = day.business_date.isoformat()

    # A day still open: refused, nothing written; or, asked for, a provisional month.
    target = tmp_path / "archive" / iso
    with pytest.raises(CommandError, match="GAMING_DAY_STILL_OPEN"):
        export("--date", iso, "--out", str(target))
    assert not (tmp_path / "archive").exists() or not list((tmp_path / "archive").iterdir())
    month = tmp_path / "month"
    printed = export("--month", iso[:7], "--out", str(month), "--provisional")
    assert "PROVISIONAL" in printed
    assert json.loads((month / iso / "manifest.json").read_text())["provisional"] is True
    provisional = offline(month)  # a month's directory: each day checked
    assert provisional.returncode == 0 and "PROVISIONAL" in provisional.stdout

    close(day)
    printed = export("--date", iso, "--out", str(target))
    manifest = json.loads((target / "manifest.json").read_text())
    assert "manifest SHA-256" in printed and manifest["provisional"] is False

    # What is in it: the day's reports, the archived one byte for byte, every record.
    files = manifest["files"]
    assert "pdf/gaming_day.pdf" in files and "pdf/exceptions.pdf" in files
    assert manifest["records"]["tables.tablesession"] == 2
    assert sum(1 for f in files if f.endswith("-control_sheet.pdf")) == 2
    copy = next(f for f in files if f.startswith("archived/"))
    assert files[copy]["sha256"] == archived.sha256
    stored = Path(settings.MEDIA_ROOT) / archived.file_path
    assert (target / copy).read_bytes() == stored.read_bytes()
    assert manifest["records"]["hands.hand"] == 20
    hands = json.loads((target / "records/hands.hand.json").read_text())
    assert len(hands) == 20 and all("rake" in h["fields"] for h in hands)
    people = json.loads((target / "reference/casino.user.json").read_text())
    assert people and all("password" not in p["fields"] for p in people)
    assert manifest["chain"]["verified"] is True and manifest["chain"]["head_seq"] > 0
    assert day.business_date.strftime("%d/%m/%Y") in pdf_text(target / "pdf/gaming_day.pdf")
    # Retention: each group with its date (casino.retention).
    keep = manifest["retention"]["books"]["keep_until"]
    assert keep == day.business_date.replace(year=day.business_date.year + 10).isoformat()

    # Written once; a day that does not exist.
    with pytest.raises(CommandError, match="EXPORT_EXISTS"):
        export("--date", iso, "--out", str(target))
    with pytest.raises(CommandError, match="GAMING_DAY_NOT_FOUND"):
        export("--date", "1999-01-01", "--out", str(tmp_path / "none"))

    # Untouched: clean, offline and with the keys.
    clean = offline(target)
    assert clean.returncode == 0, clean.stdout + clean.stderr
    assert "intact" in clean.stdout
    out = io.StringIO()
    call_command("verify_export", str(target), stdout=out)
    assert "intact" in out.getvalue()

    # One byte of one PDF changed: named, both ways.
    pdf = target / "pdf/gaming_day.pdf"
    original = pdf.read_bytes()
    data = bytearray(original)
    data[len(data) // 2] ^= 0x01
    pdf.write_bytes(bytes(data))
    broken = offline(target)
    assert broken.returncode == 1
    assert "pdf/gaming_day.pdf: altered" in broken.stdout
    with pytest.raises(CommandError, match="does not verify"):
        call_command("verify_export", str(target), stdout=io.StringIO())
    pdf.write_bytes(original)

    # A file slipped in, a file taken out.
    hands_file = target / "records/hands.hand.json"
    hands_bytes = hands_file.read_bytes()
    (target / "pdf/extra.pdf").write_bytes(b"%PDF-1.4 planted")
    hands_file.unlink()
    result = offline(target)
    assert result.returncode == 1
    assert "pdf/extra.pdf: not in the manifest" in result.stdout
    assert "records/hands.hand.json: missing" in result.stdout
    (target / "pdf/extra.pdf").unlink()
    hands_file.write_bytes(hands_bytes)
    assert offline(target).returncode == 0

    # A record rewritten and the manifest's hashes recomputed: the offline check cannot
    # tell; the manifest's seal and the chain's HMAC can (verify_export with the keys).
    chain_file = target / "records/casino.chainlink.json"
    links = json.loads(chain_file.read_text())
    links[0]["fields"]["record_seal"] = "k1:" + "0" * 64
    chain_file.write_text(json.dumps(links, indent=1))
    manifest_path = target / "manifest.json"
    forged = json.loads(manifest_path.read_text())
    data = chain_file.read_bytes()
    forged["files"]["records/casino.chainlink.json"] = {
        "sha256": hashlib.sha256(data).hexdigest(),
        "bytes": len(data),
    }
    manifest_path.write_text(json.dumps(forged, indent=1, sort_keys=True))
    assert offline(target).returncode == 0
    out = io.StringIO()
    with pytest.raises(CommandError):
        call_command("verify_export", str(target), stdout=out)
    text = out.getvalue()
    assert "manifest: its seal does not verify" in text
    assert "chain: link 1 does not recompute" in text


def test_the_offline_check_reports_a_gap_or_a_relinked_chain():  # type: ignore[no-untyped-def]
    """Issue 17 §5: a link taken out of the exported chain, or a link that does not follow."""
    from reports.archive_verify import chain_problems

    chain = [
        {"seq": 1, "prev": "", "link": "a"},
        {"seq": 2, "prev": "a", "link": "b"},
        {"seq": 3, "prev": "b", "link": "c"},
    ]
    assert chain_problems(chain, 3, "c") == []
    assert chain_problems([chain[0], chain[2]], 3, "c") == ["chain: link 2 missing (found seq 3)"]
    relinked = [chain[0], {"seq": 2, "prev": "x", "link": "b"}, chain[2]]
    assert chain_problems(relinked, 3, "c") == ["chain: link 2 does not follow link 1"]
    assert chain_problems(chain[:2], 3, "c") == [
        "chain: ends at link 2 b, the manifest's head is 3 c"
    ]
