"""PHH export and import (issue 4 §6), bulk import jobs, re-validation (§8), commands (§9)."""

from __future__ import annotations

import io
import json
from decimal import Decimal
from pathlib import Path

import pytest
from django.core.management import call_command

from hands import adapter, services
from hands.models import Hand, ImportJob, RevalidationRun

from .conftest import act, folded_to_big_blind, showdown_hand

pytestmark = pytest.mark.django_db
D = Decimal


def _comparable(hand: Hand) -> dict:
    record = dict(hand.record)
    record["seats"] = [{k: v for k, v in s.items() if k != "player"} for s in record["seats"]]
    return {
        "number": hand.number,
        "status": hand.status,
        "rake": hand.rake,
        "record": {k: v for k, v in record.items() if k != "result"},
        "codes": sorted(hand.violation_rows.values_list("code", flat=True)),
        "finishing": hand.verdict.finishing,
    }


def _log_three(sup, session) -> None:
    first = showdown_hand()
    first["seats"][0]["name"] = "Ana"
    services.hand_log(actor=sup, session=session, data=first)
    services.hand_log(
        actor=sup, session=session, data=folded_to_big_blind(1, {1: 539, 3: 480, 5: 480})
    )
    bad = folded_to_big_blind(3, {1: 539, 3: 475, 5: 485})
    bad["actions"].append({"action": "fold", "seat": 3})  # after the hand ended
    services.hand_log(actor=sup, session=session, data=bad)


def test_export_then_import_gives_the_same_hands(sup, ready_session, other_session):
    _log_three(sup, ready_session)
    text = services.session_export_phhs(actor=sup, session=ready_session)
    assert text.startswith("[1]") and "hand = 3" in text and 'variant = "NT"' in text
    job = services.hands_import(actor=sup, session=other_session, content=text, filename="a.phhs")
    summary = services.import_summary(job)
    assert (summary["stored"], summary["valid"], summary["invalid"]) == (3, 2, 1)
    originals = [
        _comparable(h) for h in Hand.objects.filter(session=ready_session).order_by("number")
    ]
    copies = [_comparable(h) for h in Hand.objects.filter(session=other_session).order_by("number")]
    assert copies == originals
    assert (
        Hand.objects.filter(session=other_session, number=1).get().record["seats"][0]["name"]
        == "Ana"
    )


def test_import_counts_rejections_and_codes(sup, ready_session):
    good = adapter.phh_export(
        [
            (
                {**adapter.normalise(showdown_hand(), defaults=_defaults()), "result": {}},
                adapter.rules_for(
                    ready_session.settings, chip_unit=100, structure="no_limit", at=None
                ),
                {"number": 1},
            )
        ]
    )
    unknown_card = good.replace("d db Jc", "d db Zc")
    text = good + "\n" + unknown_card.replace("[1]", "[2]").replace("hand = 1", "hand = 1")
    job = services.hands_import(actor=sup, session=ready_session, content=text)
    summary = services.import_summary(job)
    assert summary["stored"] == 1 and summary["rejected"] == 1
    assert list(summary["rejected_by_code"]) in (["CARD_INVALID"], ["MALFORMED"])


def _defaults() -> dict:
    return {"small": D("5"), "big": D("10"), "ante": D("0"), "structure": "no_limit"}


def test_import_of_a_duplicate_number_is_rejected_not_stored(sup, ready_session):
    services.hand_log(actor=sup, session=ready_session, data=showdown_hand())
    text = services.session_export_phhs(actor=sup, session=ready_session)
    job = services.hands_import(actor=sup, session=ready_session, content=text)
    assert services.import_summary(job)["rejected_by_code"] == {"DUPLICATE_HAND_NUMBER": 1}
    assert Hand.objects.count() == 1


def test_import_hands_command_prints_a_json_summary(sup, ready_session, other_session, tmp_path):
    _log_three(sup, ready_session)
    path = tmp_path / "session.phhs"
    path.write_text(services.session_export_phhs(actor=sup, session=ready_session))
    out = io.StringIO()
    call_command("import_hands", "--table", "8", str(path), stdout=out)
    summary = json.loads(out.getvalue())
    assert (summary["stored"], summary["valid"], summary["invalid"]) == (3, 2, 1)
    assert summary["by_code"] == {"ACTION_AFTER_END": 1}


def test_import_hands_command_reads_the_corpus(sup, ready_session, settings):
    corpus = Path(settings.MESA_PHH_CORPUS)
    sample = corpus / "dwan-ivey-2009.phh"
    if not sample.exists():
        pytest.skip(f"PHH corpus not found at {corpus}")
    out = io.StringIO()
    call_command("import_hands", "--table", "7", str(sample), stdout=out)
    summary = json.loads(out.getvalue())
    assert summary["stored"] == 1  # dealt with unknown cards and amounts in whole units


def test_revalidation_reports_no_difference_under_the_same_engine(sup, ready_session, staff):
    _log_three(sup, ready_session)
    manager = act(staff["shift_manager"], "shift_manager")
    day = ready_session.gaming_day.business_date
    run = services.revalidation_create(actor=manager, date_from=day, date_to=day, enqueue=False)
    run = services.revalidation_run(run.pk)
    report = services.revalidation_report(run)
    assert (report["status"], report["total"], report["processed"]) == ("done", 3, 3)
    assert report["differences"] == []


def test_revalidation_reports_what_a_changed_engine_judges_differently(
    sup, ready_session, staff, monkeypatch
):
    # The hands were judged with a 5 % rake; the current engine takes 3 %.
    from hands.adapter import profile

    real = profile.profile_for

    def five_percent(settings):
        return real(settings).with_overrides(rake_bps=500)

    monkeypatch.setattr(profile, "profile_for", five_percent)
    services.hand_log(actor=sup, session=ready_session, data=showdown_hand())
    monkeypatch.setattr(profile, "profile_for", real)
    manager = act(staff["shift_manager"], "shift_manager")
    day = ready_session.gaming_day.business_date
    out = io.StringIO()
    call_command("revalidate", "--from", day.isoformat(), "--to", day.isoformat(), stdout=out)
    report = json.loads(out.getvalue())
    assert report["differences_count"] == 1
    diff = report["differences"][0]
    assert (
        "rake" in diff["fields"]
        and diff["stored"]["rake"] == "3.00"
        and diff["now"]["rake"] == "1.00"
    )
    assert RevalidationRun.objects.get().created_by == manager.user


def test_only_managers_revalidate(staff, api, django_capture_on_commit_callbacks):
    body = {"date_from": "2026-01-01", "date_to": "2026-01-31"}
    assert (
        api(staff["supervisor"]).post("/api/hands/revalidations/", body, format="json").status_code
        == 403
    )
    assert (
        api(staff["auditor"]).post("/api/hands/revalidations/", body, format="json").status_code
        == 403
    )
    with django_capture_on_commit_callbacks(execute=True):
        response = api(staff["shift_manager"]).post(
            "/api/hands/revalidations/", body, format="json"
        )
    assert response.status_code == 202
    run = response.json()["run"]
    assert api(staff["auditor"]).get(f"/api/hands/revalidations/{run}/").json()["status"] == "done"


def test_import_through_the_api_reports_progress(
    staff, api, sup, ready_session, other_session, django_capture_on_commit_callbacks
):
    _log_three(sup, ready_session)
    text = services.session_export_phhs(actor=sup, session=ready_session)
    with django_capture_on_commit_callbacks(execute=True):  # the task runs eagerly here
        response = api(staff["supervisor"]).post(
            f"/api/hands/sessions/{other_session.pk}/imports/", {"content": text}, format="json"
        )
    assert response.status_code == 202, response.json()
    job = response.json()["job"]
    status = api(staff["auditor"]).get(f"/api/hands/imports/{job}/").json()
    assert (status["status"], status["percent"], status["stored"]) == ("done", 100, 3)
    refused = api(staff["croupier"]).post(
        f"/api/hands/sessions/{other_session.pk}/imports/", {"content": text}, format="json"
    )
    assert refused.status_code == 403
    assert ImportJob.objects.count() == 1


def test_export_through_the_api(staff, api, sup, ready_session):
    services.hand_log(actor=sup, session=ready_session, data=showdown_hand())
    response = api(staff["auditor"]).get(f"/api/hands/sessions/{ready_session.pk}/export.phhs")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/plain")
    assert b"hand = 1" in response.content
