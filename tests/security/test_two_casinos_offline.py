"""Every report, export, archive and management command, run with two casinos in the
database (issue 39, "Where the suite is still blind").

``test_two_casinos.py`` walks the API and the pages; the work done offline (the report
renderings the exports read, the day's archive, the operators' commands) had only ever
run with one casino. Here two casinos play the same business date at the same table
numbers with the same sector code (``simulate_day``: ``sim``, then ``zeta``), and:

1. **every report kind** of the catalogue is laid out for ``sim`` before ``zeta`` exists
   and after: the same content (its fingerprint), and never a word of ``zeta``'s;
2. **the archive** of ``sim``'s day holds no row of ``zeta``'s;
3. **every management command** of the project is run for one casino with both present
   (or said why it has no casino), and touches and prints only that casino's records.
"""

from __future__ import annotations

import io
import json
import zoneinfo
from typing import Any

import pytest
from django.core.management import call_command, get_commands
from django.core.management.base import CommandError
from django.db.models import F, Value
from django.db.models.functions import Concat
from django.utils import timezone, translation

from casino.access import acting_as
from casino.models import Casino, GamingDay, Sector, User
from casino.roles import Role
from hands.models import ImportJob, RevalidationRun
from players.models import ExclusionList
from reports.formatting import currency_override
from reports.registry import all_specs
from reports.rendering import content_fingerprint
from reports.services import validate_params
from tables.models import DeckStore, TableSession
from tournaments.models import Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

PROJECT_APPS = ("casino", "tables", "cage", "hands", "reports", "demo")
MARK = "zeta"


def simulate(code: str) -> GamingDay:
    call_command(
        "simulate_day",
        "--tables",
        "2",
        "--hands",
        "6",
        "--seed",
        "3",
        "--casino",
        code,
        stdout=io.StringIO(),
    )
    return GamingDay.objects.get(casino__code=code)


def tournament_of(day: GamingDay) -> Tournament:
    """``day``'s casino's tournament, created by its pit boss through the services on the
    tournament tests' structure when it has none (``simulate_day`` plays no tournament);
    named after its casino, so a report of the other casino that printed it would show."""
    from tests.tournaments.conftest import structure
    from tournaments import services

    found = Tournament.objects.filter(casino_id=day.casino_id).order_by("pk").first()
    if found is not None:
        return found
    code = day.casino.code
    boss = acting_as(User.objects.get(username=f"{code}-jefe1"), Role.PIT_BOSS)
    version = services.structure_create(
        actor=boss, name=f"Estructura {code}", structure=structure()
    )
    return services.tournament_create(actor=boss, name=f"Torneo {code}", structure=version)


def params_of(kind: str, day: GamingDay) -> dict[str, Any]:
    session = TableSession.objects.filter(gaming_day=day).order_by("pk").first()
    date = day.business_date.isoformat()
    sector = Sector.objects.filter(casino_id=day.casino_id).order_by("pk").first()
    by_session = {"session": session.pk}
    return {
        "control_sheet": by_session,
        "deck_custody": {"date": date},
        "exceptions": {"date": date},
        "gaming_day": {"date": date},
        "hands": by_session,
        "house_rules": {"ruleset": "manual"},
        "irregularities": {"date": date},
        "jackpot": {"date": date},
        "keys": {"date": date},
        "kpis": {"date": date},
        "player_tracking": by_session,
        "rake": {"date": date},
        "rota": {"date": date},
        "sanctions": {"date": date},
        "sector_sheet": {"date": date, "sector": sector.code},
        "sheet": by_session,
        "shift_register": {"date": date},
        "slips": by_session,
        "table_card": by_session,
        "tournament": {"tournament": tournament_of(day).pk},
        "tournament_record": {"tournament": tournament_of(day).pk},
    }[kind]


def bodies(day: GamingDay) -> dict[str, tuple[str, str]]:
    """Each kind's content fingerprint and laid-out HTML for ``day``'s casino (no PDF)."""
    from reports.rendering import _body, _no_progress

    casino = day.casino
    out = {}
    for spec in all_specs():
        params = validate_params(spec, params_of(spec.kind, day))
        tz = zoneinfo.ZoneInfo(casino.time_zone)
        with translation.override("es"), timezone.override(tz), currency_override(casino.currency):
            _context, html = _body(
                spec,
                casino=casino,
                params=params,
                lang="es",
                paper_key="A4",
                serial="",
                progress=_no_progress,
            )
        out[spec.kind] = (content_fingerprint(spec, casino=casino, params=params), html)
    return out


def run(name: str, *args: str) -> str:
    out = io.StringIO()
    call_command(name, *args, stdout=out, stderr=io.StringIO())
    return out.getvalue()


# The project's commands and what each is run with here, or why it has no casino.
NO_CASINO = {
    "db_grants": "the database roles' privileges: no casino's rows (casino/dbroles.py)",
    "db_provision_sql": "the database and its roles: no casino's rows",
}


def test_every_command_and_export_keeps_to_its_casino(tmp_path, settings):
    settings.MEDIA_ROOT = tmp_path / "media"
    sim = simulate("sim")
    before = bodies(sim)
    sim_reconcile = run("reconcile_day", "--casino", "sim", "--json")
    zeta = simulate(MARK)
    assert zeta.business_date == sim.business_date

    # 1. Every report kind: the same content for sim, nothing of zeta's.
    after = bodies(sim)
    assert sorted(after) == sorted(s.kind for s in all_specs())
    changed = [k for k in before if before[k][0] != after[k][0]]
    assert changed == [], "a report of one casino changed when another played its day"
    # Each casino's staff marked (the simulations name them alike): neither casino's
    # reports print a name of the other's, whichever casino was created first.
    for code in ("sim", MARK):
        User.objects.filter(casino__code=code).update(
            first_name=Concat(Value(f"{code.upper()}·"), F("first_name"))
        )
    for mine, other in ((sim, "ZETA·"), (zeta, "SIM·")):
        leaks = [k for k, (_f, html) in bodies(mine).items() if other in html]
        assert leaks == [], (mine.casino.code, leaks)
    for mine in (sim, zeta):  # the marks did reach the reports
        assert any(f"{mine.casino.code.upper()}·" in html for _f, html in bodies(mine).values())

    commands = {name for name, app in get_commands().items() if app.split(".")[0] in PROJECT_APPS}
    probed: set[str] = set()

    # 2. The archive of sim's day: no row, name or id of zeta's.
    out = tmp_path / "archive"
    run(
        "export_day",
        "--date",
        sim.business_date.isoformat(),
        "--casino",
        "sim",
        "--out",
        str(out),
        "--provisional",
    )
    probed.add("export_day")
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["records"]["tables.tablesession"] == 2
    zeta_id = zeta.casino_id
    for path in sorted(out.rglob("*.json")):
        text = path.read_text()
        assert MARK not in text.lower(), path.name
        for row in json.loads(text) if path.parent.name in ("records", "reference") else []:
            assert row.get("fields", {}).get("casino") != zeta_id, (path.name, row.get("pk"))
    with pytest.raises(CommandError, match="--casino"):  # which casino? it must be named
        run("export_day", "--date", sim.business_date.isoformat(), "--out", str(tmp_path / "x"))
    assert "intact" in run("verify_export", str(out))
    probed.add("verify_export")

    # 3. The commands.
    assert run("reconcile_day", "--casino", "sim", "--json") == sim_reconcile
    with pytest.raises(CommandError, match="--casino"):
        run("reconcile_day")  # which casino? it must be named
    probed.add("reconcile_day")

    zeta_session = TableSession.objects.filter(casino_id=zeta_id).order_by("pk").first()
    sim_session = TableSession.objects.filter(casino_id=sim.casino_id).order_by("pk").first()
    with pytest.raises(CommandError, match="NOT_FOUND"):  # sim's command, zeta's session
        run(
            "render_report",
            "table_card",
            "--session",
            str(zeta_session.pk),
            "--casino",
            "sim",
            "--out",
            str(tmp_path / "z.pdf"),
        )
    assert not (tmp_path / "z.pdf").exists()
    run(
        "render_report",
        "table_card",
        "--session",
        str(sim_session.pk),
        "--casino",
        "sim",
        "--out",
        str(tmp_path / "s.pdf"),
    )
    assert (tmp_path / "s.pdf").exists()
    probed.add("render_report")

    csv_file = tmp_path / "lista.csv"
    csv_file.write_text(
        "document_type,document_number,full_name,starts_on,ends_on\ndni,41222333,Persona Lista,,\n"
    )
    zeta_lists = ExclusionList.objects.filter(casino_id=zeta_id).count()
    run(
        "import_exclusions",
        str(csv_file),
        "--source",
        "Lotería",
        "--date",
        sim.business_date.isoformat(),
        "--as",
        "sim-gerente",
    )
    assert ExclusionList.objects.filter(casino_id=sim.casino_id, source="Lotería").count() == 1
    assert ExclusionList.objects.filter(casino_id=zeta_id).count() == zeta_lists
    probed.add("import_exclusions")

    with pytest.raises(CommandError, match="No such user in that casino"):
        run("tables_deck_store", MARK, "SEG9", "Depósito 9", "--as", "sim-gerente")
    run("tables_deck_store", "sim", "SEG9", "Depósito 9", "--as", "sim-gerente")
    assert DeckStore.objects.get(code="SEG9").casino_id == sim.casino_id
    probed.add("tables_deck_store")

    phh = tmp_path / "mano.phh"
    phh.write_text(
        "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [5, 10]\nmin_bet = 10\nstarting_stacks = [1000, 1000]\nactions = ['d dh p1 AsAd', 'd dh p2 KcKh', 'p2 f']\n"
    )
    with pytest.raises(CommandError, match="--casino"):
        run("import_hands", "--table", "1", str(phh))  # which casino's table 1?
    jobs = set(ImportJob.objects.values_list("pk", flat=True))
    try:
        run("import_hands", "--table", "1", "--casino", "sim", str(phh))
    except CommandError:
        pass  # sim's table 1 is closed by the simulation: refused, in sim's words
    new = ImportJob.objects.exclude(pk__in=jobs)
    assert all(job.casino_id == sim.casino_id for job in new)
    probed.add("import_hands")

    day = sim.business_date.isoformat()
    with pytest.raises(CommandError, match="--casino"):
        run("revalidate", "--from", day, "--to", day)
    run("revalidate", "--from", day, "--to", day, "--casino", "sim")
    last = RevalidationRun.objects.order_by("-pk").first()
    assert last.casino_id == sim.casino_id
    from hands.models import Hand

    assert last.total == Hand.objects.filter(casino_id=sim.casino_id).count()
    probed.add("revalidate")

    # The builders make their own casino and leave the others' rows alone.
    counts = {c.code: TableSession.objects.filter(casino=c).count() for c in Casino.objects.all()}
    run("seed_demo", "--quiet")
    probed.add("seed_demo")
    probed.add("simulate_day")  # it built both casinos above, the second beside the first
    run(
        "simulate_history",
        "--casinos",
        "2",
        "--tables",
        "1",
        "--days",
        "2",
        "--hands-per-table",
        "2",
        "--prefix",
        "twin",
    )
    probed.add("simulate_history")
    for code, count in counts.items():
        assert TableSession.objects.filter(casino__code=code).count() == count, code
    assert run("reconcile_day", "--casino", "sim", "--json") == sim_reconcile
    for twin in ("twin1", "twin2"):
        assert GamingDay.objects.filter(casino__code=twin).count() == 2

    assert commands == probed | set(NO_CASINO), "a command not run here with two casinos"
