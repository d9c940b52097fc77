"""One catalogue of refusals (issue 41 §2): a refusal is a code with named parameters; its
message is written once, in English with Spanish through gettext, and rendered when it is
read, each parameter by its type in the language asked for.

No database: the enums, the catalogue and the renderer are read as they are.
"""

from __future__ import annotations

import datetime
import string
from decimal import Decimal

import pytest
from django.utils import translation
from django.utils.translation import gettext

from casino.errorcodes import RESOURCE, ApiCode
from casino.errors import (
    Conflict,
    DomainError,
    NotFound,
    PermissionRefused,
    ServiceUnavailable,
    ValidationFailed,
)
from casino.refusals import RefusalCode, Words, all_codes, enums, placeholders, render
from casino.roles import Role

#: Messages whose Spanish is the English (a message that is only the words of another
#: catalogue: the engine's violation, a document's rule, DRF's detail).
SAME_IN_BOTH = {"{detail}", "{problem}", "{violation}", "{serial} ({reason})"}


def _sample(p) -> object:
    """A value for a placeholder, by how the message formats it."""
    if p.spec == "," or p.spec.endswith("d"):
        return 1234
    if p.spec == "month" or p.spec.startswith("%"):
        return datetime.datetime(2026, 1, 31, 21, 5)
    if p.spec == "+":
        return Decimal("12.50")
    return f"<{p.name}>"


def _spanish(code: RefusalCode) -> str:
    with translation.override("es"):
        return gettext(code.msgid)


def test_every_code_has_one_owner_and_the_apps_declare_theirs():
    codes = all_codes()  # raises when two enums declare one code
    owners = {type(member).__name__ for member in codes.values()}
    for name in ("CasinoCode", "TablesCode", "CageCode", "HandsCode", "ReportsCode", "ApiCode"):
        assert name in owners, name
    assert len(codes) > 380
    assert sum(len(e) for e in set(enums())) == len(codes)


@pytest.mark.parametrize("code", sorted(all_codes()))
def test_every_code_has_both_words_and_renders_in_both(code):  # issue 41 §2
    member = all_codes()[code]
    assert member.status in (400, 401, 403, 404, 405, 406, 409, 413, 415, 429, 503), code
    assert member.msgid.strip(), code
    spanish = _spanish(member)
    if member.msgid not in SAME_IN_BOTH:
        assert spanish != member.msgid, f"{code}: no Spanish for {member.msgid!r}"
    # the same placeholders, each formatted the same way, in both languages
    assert sorted(placeholders(spanish)) == sorted(placeholders(member.msgid)), code
    params = {p.name: _sample(p) for p in placeholders(member.msgid)}
    for lang in ("es", "en"):
        text = DomainError.of(member, **params).message(lang)
        assert text.strip() and "{" not in text and "}" not in text, (code, lang, text)
        for name in params:
            assert f"<{name}>" in text or not isinstance(params[name], str), (code, lang)


def test_an_amount_is_money_in_the_language_of_the_reader():
    # issue 41 §2: the one money formatter, at render time; no regex rewrites the Spanish
    from tables.codes import TablesCode

    err = DomainError.of(TablesCode.DENOMINATION_REPEATED, value=Decimal("1234.5"), field="x")
    assert err.message("es") == "La denominación 1.234,50 aparece dos veces."
    assert err.message("en") == "The denomination 1,234.50 appears twice."
    assert err.as_dict() == {
        "code": "DENOMINATION_REPEATED",
        "message": {
            "es": "La denominación 1.234,50 aparece dos veces.",
            "en": "The denomination 1,234.50 appears twice.",
        },
        "field": "x",
    }


@pytest.mark.parametrize(
    ("value", "spec", "es", "en"),
    [
        (Decimal("1234.5"), "", "1.234,50", "1,234.50"),
        (Decimal("-50"), "", "\u221250,00", "\u221250.00"),
        (Decimal("3"), "+", "+3,00", "+3.00"),
        (1234, "", "1234", "1234"),  # a seat, a hand number: as is
        (1234567, ",", "1.234.567", "1,234,567"),  # a count of chips: grouped
        (datetime.date(2026, 1, 31), "", "31/01/2026", "2026-01-31"),
        (datetime.date(2026, 1, 31), "month", "01/2026", "2026-01"),
        (datetime.datetime(2026, 1, 31, 21, 5), "%H:%M", "21:05", "21:05"),
        (Role.PIT_BOSS, "", "Jefe de sector", "Pit boss"),
        (RESOURCE, "capfirst", "Recurso", "Resource"),
        ([Role.CROUPIER, Role.PIT_BOSS], "", "Croupier, Jefe de sector", "Croupier, Pit boss"),
        ([], "", "—", "—"),
        (None, "", "—", "—"),
        (Words("la planilla", "the sheet"), "capfirst", "La planilla", "The sheet"),
    ],
)
def test_each_parameter_is_rendered_by_its_type(value, spec, es, en):
    for lang, text in (("es", es), ("en", en)):
        with translation.override(lang):
            assert render(value, lang, spec) == text


def test_a_model_and_a_thing_are_named_by_their_words():
    from tables.models import Table, TableSession

    err = DomainError.of(ApiCode.NOT_FOUND, thing=TableSession)
    assert err.message("es") == "Sesión de mesa inexistente."
    assert err.message("en") == "Table session not found."
    table = Table(number=7)
    with translation.override("en"):
        assert render(table, "en") == "Table 7"
    with translation.override("es"):
        assert render(table, "es") == "Mesa 7"


def test_the_reasons_of_a_refusal_are_refusals():
    from casino.codes import CasinoCode
    from tables.codes import TablesCode

    reasons = [
        DomainError.of(ApiCode.NOT_FOUND, thing=RESOURCE),
        DomainError.of(CasinoCode.REASON_REQUIRED),
    ]
    err = DomainError.of(TablesCode.NOT_READY_FOR_PLAY, reasons=reasons)
    assert err.message("en") == (
        "The table is not ready for play: Resource not found. Give the reason."
    )
    assert err.message("es") == (
        "La mesa no está lista para jugar: Recurso inexistente. Indique el motivo."
    )


@pytest.mark.parametrize(
    ("status", "kind"),
    [
        (400, ValidationFailed),
        (403, PermissionRefused),
        (404, NotFound),
        (409, Conflict),
        (503, ServiceUnavailable),
    ],
)
def test_the_class_of_a_refusal_follows_its_code(status, kind):
    member = next(m for m in all_codes().values() if m.status == status)
    err = DomainError.of(member, **{p.name: "x" for p in member.placeholders()})
    assert type(err) is kind and err.status_code == status
    assert isinstance(err, DomainError)
    assert err.code == member.name and err.key is member


def test_the_message_is_rendered_when_read_in_the_language_asked_for():
    err = DomainError.of(ApiCode.NOT_FOUND, thing=RESOURCE)
    with translation.override("en"):
        assert err.message("es") == "Recurso inexistente."  # asked, not the active one
    assert (err.message_es, err.message_en) == (err.message("es"), err.message("en"))
    assert str(err) == "NOT_FOUND: Resource not found."


def test_two_codes_with_the_same_words_stay_two_codes():
    from django.utils.translation import gettext_noop as _

    class Twins(RefusalCode):
        FIRST_TWIN = 409, _("Same words.")
        SECOND_TWIN = 409, _("Same words.")

    try:
        assert Twins.FIRST_TWIN is not Twins.SECOND_TWIN
        assert DomainError.of(Twins.SECOND_TWIN).code == "SECOND_TWIN"
    finally:
        from casino import refusals

        refusals._ENUMS.remove(Twins)
        all_codes.cache_clear()  # the catalogue is the apps' again


def test_a_placeholder_is_a_name():
    for member in all_codes().values():
        for _literal, name, _spec, _conv in string.Formatter().parse(member.msgid):
            assert name is None or name.isidentifier(), (member.name, name)


def _sites_missing_parameters(root) -> list[str]:  # type: ignore[no-untyped-def]
    """Raise sites ``DomainError.of(AppCode.NAME, ...)`` that do not pass every value the
    code's message names (its words would fail when read, a 500 instead of a refusal)."""
    import ast
    from pathlib import Path

    by_enum = {enum.__name__: enum for enum in set(enums())}
    found = []
    for path in sorted(Path(root).rglob("*.py")):
        rel = path.relative_to(root).as_posix()
        if rel.split("/")[0] in ("tests", "poker", "scripts", ".venv") or "/migrations/" in rel:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "of"
                and getattr(node.func.value, "id", None) == "DomainError"
                and node.args
                and isinstance(node.args[0], ast.Attribute)
                and getattr(node.args[0].value, "id", None) in by_enum
            ):
                continue
            if any(k.arg is None for k in node.keywords):  # **params: not read here
                continue
            member = by_enum[node.args[0].value.id][node.args[0].attr]  # type: ignore[attr-defined]
            given = {k.arg for k in node.keywords} - {"field", "details"}
            missing = {p.name for p in placeholders(member.msgid)} - given
            if missing:
                found.append(f"{rel}:{node.lineno}: {member.name} needs {sorted(missing)}")
    return found


def test_every_raise_site_passes_the_values_its_code_names():
    # issue 41 §2: a code's message changed after a merge (scripts/codemod_refusals.py
    # and its decisions) must not leave a site that does not name the new values
    from django.conf import settings

    assert _sites_missing_parameters(settings.BASE_DIR) == []


def test_the_scan_sees_a_site_that_misses_a_value(tmp_path):
    (tmp_path / "casino").mkdir()
    (tmp_path / "casino" / "bad.py").write_text(
        "raise DomainError.of(ApiCode.NOT_FOUND)\n"
        "raise DomainError.of(ApiCode.NOT_FOUND, thing=x)\n"
        "raise DomainError.of(ApiCode.NOT_FOUND, field='x')\n"
    )
    found = _sites_missing_parameters(tmp_path)
    assert [line.split(":")[1] for line in found] == ["1", "3"]
