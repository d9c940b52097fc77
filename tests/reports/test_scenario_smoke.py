import os

import pytest

pytestmark = pytest.mark.django_db

KINDS = os.environ.get("REPORT_KINDS", "sheet,table_card,slips,deck_custody").split(",")


def test_scenario_runs(day, casino):
    from .conftest import render

    out = os.environ.get("REPORT_OUT")
    if not out:
        pytest.skip("REPORT_OUT not set")
    params = {
        "sheet": {"session": day.session.pk},
        "table_card": {"session": day.session.pk},
        "slips": {"session": day.session.pk},
        "deck_custody": {"date": day.session.gaming_day.business_date.isoformat()},
        "sanctions": {"date_from": "2020-01-01", "date_to": "2020-12-31"},
        "hands": {"session": day.session.pk},
        "gaming_day": {"date": day.session.gaming_day.business_date.isoformat()},
        "exceptions": {"date": day.session.gaming_day.business_date.isoformat()},
        "rake": {"date": day.session.gaming_day.business_date.isoformat()},
    }
    d = day.session.gaming_day.business_date.isoformat()
    params["sanctions"] = {"date_from": d, "date_to": d}
    for kind in KINDS:
        for lang in ("es", "en"):
            r = render(kind, casino, params[kind], lang=lang)
            with open(f"{out}/{kind}-{lang}.pdf", "wb") as fh:
                fh.write(r.pdf)
