"""One way to do each job (issue 13 §1, STYLE "One owner per fact, one way per job"):
one gaming-day lookup (``casino.selectors``), one money formatter (``casino.formatting``)
and one page-view guard (``casino.pages``). The source is scanned, so a second copy
written anywhere fails here; migrations and tests are left out.

The scans and the formatter need no database; the last tests drive one page of each
app through the one guard (login, the acting role, the refusal page at its status).
"""

from __future__ import annotations

import ast
import re
from decimal import Decimal
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SKIP_DIRS = {".venv", ".git", "tests", "migrations", "node_modules", "staticfiles", "var"}


def _sources() -> list[Path]:
    return sorted(
        p
        for p in ROOT.rglob("*.py")
        if not SKIP_DIRS.intersection(p.relative_to(ROOT).parts)
        and "egg-info" not in str(p.relative_to(ROOT))
    )


def _offenders(pattern: re.Pattern[str], owner: str) -> list[str]:
    found = []
    for path in _sources():
        rel = path.relative_to(ROOT).as_posix()
        if rel == owner:
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if pattern.search(line):
                found.append(f"{rel}:{n}: {line.strip()}")
    return found


def test_the_scan_sees_the_apps():
    rels = {p.relative_to(ROOT).as_posix() for p in _sources()}
    for known in (
        "casino/selectors.py",
        "tables/views/actions.py",
        "floor/selectors.py",
        "demo/simulation.py",
    ):
        assert known in rels
    assert not any(r.startswith(("tests/", ".venv/")) or "/migrations/" in r for r in rels)


# --- one gaming-day lookup -----------------------------------------------------------------

# The open day written as a filter: ``status=GamingDay.Status.OPEN``, the same through a
# relation (``gaming_day__status=...``), or the status compared by hand.
_OPEN_DAY = re.compile(r"GamingDay\.Status\.OPEN|gaming_day__status\s*=")


def test_the_open_gaming_day_is_looked_up_in_one_place():
    offenders = _offenders(_OPEN_DAY, "casino/selectors.py")
    assert offenders == [], (
        "The open gaming day is casino.selectors' (open_gaming_day, require_open_gaming_day, "
        "open_gaming_days, on_open_gaming_day); found elsewhere:\n" + "\n".join(offenders)
    )


def test_the_gaming_day_owner_is_there():
    from casino import selectors

    for name in ("open_gaming_day", "require_open_gaming_day", "open_gaming_days"):
        assert callable(getattr(selectors, name))
    # the filter of a relation is the same condition as the lookup's
    from casino.models import GamingDay

    assert selectors.on_open_gaming_day().children == [
        ("gaming_day__status", GamingDay.Status.OPEN)
    ]


# --- one money formatter -------------------------------------------------------------------

# ``f"{x:,.2f}"`` (English grouping, two places) and the swap of separators that turns it
# Spanish: the formatter's job, nobody else's.
_MONEY = re.compile(r""",\.2f|\.replace\(\s*["']\.["']\s*,\s*["'],["']\s*\)""")


def test_money_is_formatted_in_one_place():
    offenders = _offenders(_MONEY, "casino/formatting.py")
    assert offenders == [], (
        "Money is formatted by casino.formatting.money(value, lang); found elsewhere:\n"
        + "\n".join(offenders)
    )


@pytest.mark.parametrize(
    ("value", "lang", "text"),
    [
        (Decimal("1234567.5"), "es", "1.234.567,50"),
        (Decimal("1234567.5"), "en", "1,234,567.50"),
        (Decimal("0.005"), "es", "0,00"),  # half to even, as the books round
        (Decimal("-1500"), "en", "\u22121,500.00"),
        (None, "es", "—"),
        (25, "en", "25.00"),
    ],
)
def test_the_one_formatter(value, lang, text):
    # GEN-13: amounts are exact Decimals to the last step, printed in the casino's locale.
    from casino.formatting import money

    assert money(value, lang) == text


def test_the_other_formatters_call_the_one():
    from django.utils import translation

    from cage.reconciliation import _fmt
    from cage.services.common import fmt
    from casino.formatting import money
    from floor.templatetags.floor_tags import money as floor_money
    from reports.formatting import money as report_money
    from reports.templatetags.report_format import money as report_filter

    amount = Decimal("98765.4")
    assert fmt(amount) == _fmt(amount) == money(amount, "en") == "98,765.40"
    assert _fmt(None) == money(None, "en") == "—"  # a finding with no figure
    assert report_money(amount, "es") == report_filter(amount, "es") == money(amount, "es")
    with translation.override("es"):
        assert floor_money(amount) == money(amount, "es")
    with translation.override("en"):
        assert floor_money(amount) == money(amount, "en")


# --- one language choice -------------------------------------------------------------------

# The request's language read by hand (``get_language()``, ``request.LANGUAGE_CODE``): the
# choice of Spanish or English is ``casino.formatting.active_lang``'s, nobody else's.
_LANG = re.compile(r"get_language\(|\.LANGUAGE_CODE\b")


def test_the_language_is_chosen_in_one_place():
    offenders = _offenders(_LANG, "casino/formatting.py")
    assert offenders == [], (
        "The request's language is casino.formatting.active_lang(); read elsewhere:\n"
        + "\n".join(offenders)
    )


# --- one page-view guard -------------------------------------------------------------------

_GUARD_NAMES = re.compile(r"^\s*def (page|_page|_guard|floor_page|page_view)\(", re.M)


def _wraps_domain_errors(func: ast.FunctionDef) -> bool:
    """A decorator of its own: an inner function that turns a DomainError into a page."""
    for inner in ast.walk(func):
        if inner is func or not isinstance(inner, ast.FunctionDef):
            continue
        for node in ast.walk(inner):
            if isinstance(node, ast.ExceptHandler) and "DomainError" in ast.unparse(
                node.type or ast.Constant(None)
            ):
                return True
    return False


def test_no_views_module_defines_its_own_guard():
    offenders = []
    for path in _sources():
        rel = path.relative_to(ROOT).as_posix()
        if rel == "casino/pages.py":
            continue
        text = path.read_text(encoding="utf-8")
        for match in _GUARD_NAMES.finditer(text):
            offenders.append(f"{rel}: def {match.group(1)}(")
        if path.name == "views.py" or "/views/" in rel:
            for node in ast.walk(ast.parse(text)):
                if isinstance(node, ast.FunctionDef) and _wraps_domain_errors(node):
                    offenders.append(f"{rel}:{node.lineno}: {node.name} wraps DomainErrors")
    assert offenders == [], (
        "Page views are guarded by casino.pages.page_view(...); found another guard:\n"
        + "\n".join(offenders)
    )


def test_each_app_uses_the_kernel_guard():
    from cage import views as cage_views
    from floor import views as floor_views
    from hands import views as hands_views
    from tables.views import decks as table_views

    for view in (
        table_views.store,
        cage_views.index,
        floor_views.tables,
        hands_views.hand_list,
    ):
        chain = []
        while view is not None:
            chain.append(view.__code__.co_qualname)
            view = getattr(view, "__wrapped__", None)
        assert any(name.startswith("page_view.") for name in chain), chain


def test_every_table_page_goes_through_the_kernel_guard():
    # Issue 41 §4: the pages of tables are one module per area; none is routed unguarded.
    from tables.urls import urlpatterns

    unguarded = []
    for pattern in urlpatterns:
        view, chain = pattern.callback, []
        while view is not None:
            chain.append(view.__code__.co_qualname)
            view = getattr(view, "__wrapped__", None)
        if not any(name.startswith("page_view.") for name in chain):
            unguarded.append(f"{pattern.name}: {chain}")
    assert len(urlpatterns) >= 12
    assert unguarded == []


# --- no guarded import of the project's own code ---------------------------------------------

# STYLE, "Layers are enforced": ``try: import … except ImportError`` around a module of the
# project turns a rename into a silently missing figure (issue 41). Every package of the
# project is scanned.
_PROJECT = {p.name for p in ROOT.iterdir() if (p / "__init__.py").is_file()} - {"tests"}
_NO_IMPORT_GUARDS = tuple(sorted(_PROJECT))


def _catches_import_error(handler: ast.ExceptHandler) -> bool:
    kinds = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    names = {k.id for k in kinds if isinstance(k, ast.Name)}
    return bool(names & {"ImportError", "ModuleNotFoundError"})


def _own_imports(body: list[ast.stmt]) -> list[ast.stmt]:
    found = []
    for node in ast.walk(ast.Module(body=body, type_ignores=[])):
        if isinstance(node, ast.Import) and any(
            a.name.split(".")[0] in _PROJECT for a in node.names
        ):
            found.append(node)
        elif isinstance(node, ast.ImportFrom) and (
            node.level > 0 or (node.module or "").split(".")[0] in _PROJECT
        ):
            found.append(node)
    return found


def _guarded_own_imports(apps: tuple[str, ...]) -> list[str]:
    offenders = []
    for path in _sources():
        rel = path.relative_to(ROOT).as_posix()
        if rel.split("/")[0] not in apps:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Try):
                continue
            if not any(_catches_import_error(h) for h in node.handlers):
                continue
            for imp in _own_imports(node.body):
                offenders.append(f"{rel}:{imp.lineno}: {ast.unparse(imp)}")
    return offenders


def test_the_guard_scan_sees_a_guard():
    source = "try:\n    from tables import hooks\nexcept ImportError:\n    hooks = None\n"
    [node] = [n for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Try)]
    assert _catches_import_error(node.handlers[0]) and len(_own_imports(node.body)) == 1
    third_party = ast.parse("try:\n    import yaml\nexcept (ImportError, OSError):\n    pass\n")
    [node] = [n for n in ast.walk(third_party) if isinstance(n, ast.Try)]
    assert _catches_import_error(node.handlers[0]) and _own_imports(node.body) == []
    assert {"cage", "tables", "casino", "hands"} <= _PROJECT


def test_no_guarded_import_of_the_project_s_own_modules():
    offenders = _guarded_own_imports(_NO_IMPORT_GUARDS)
    assert offenders == [], (
        "An import of the project's own code always succeeds: import it plainly, so that "
        "a rename fails loudly (issue 41). Guarded here:\n" + "\n".join(offenders)
    )


# --- one access check per record, one casino check, one lock -------------------------------

# Issue 41 §5: fetch-and-authorise is one function per model, in the owning app; the casino
# isolation check and the session lock are one function each. A second definition of any
# of them (the cage and the recorder each had their own access_session and same_casino)
# is a second answer to "may this actor see this record?".
_ONE_DEFINITION = re.compile(r"^(access_\w+|\w*same_casino|lock_session|require_text)$")


def _definitions(sources: dict[str, str]) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for rel, text in sources.items():
        for node in ast.parse(text).body:
            if isinstance(node, ast.FunctionDef) and _ONE_DEFINITION.match(node.name):
                found.setdefault(node.name, []).append(rel)
    return found


def test_each_access_check_is_defined_once():
    sources = {p.relative_to(ROOT).as_posix(): p.read_text(encoding="utf-8") for p in _sources()}
    found = _definitions(sources)
    twice = {name: where for name, where in found.items() if len(where) > 1}
    assert twice == {}, f"defined more than once: {twice}"
    assert found["same_casino"] == ["casino/access.py"]
    assert {"access_session", "access_table", "lock_session", "require_text"} <= set(found)
    assert not [n for n in found if n != "same_casino" and n.endswith("same_casino")]


def test_the_definition_scan_sees_a_second_copy():
    planted = {
        "cage/selectors.py": "def access_session(actor, pk):\n    return None\n",
        "tables/selectors/access.py": "def access_session(actor, pk):\n    return None\n",
    }
    assert _definitions(planted) == {
        "access_session": ["cage/selectors.py", "tables/selectors/access.py"]
    }


_ONE_PAGE_EACH = ["/tables/", "/cage/", "/floor/tables/", "/hands/"]


@pytest.mark.django_db
@pytest.mark.parametrize("url", _ONE_PAGE_EACH)
def test_the_guard_sends_the_anonymous_to_log_in(client, url):
    response = client.get(url)
    assert response.status_code == 302
    assert "/login/" in response["Location"] or "login" in response["Location"]


@pytest.mark.django_db
@pytest.mark.parametrize("url", _ONE_PAGE_EACH)
def test_the_guard_refuses_a_user_without_a_role(client, casino, url):
    from casino.models import User

    client.force_login(User.objects.create_user("nobody", casino=casino))
    response = client.get(url)
    assert response.status_code == 403
    names = [t.name for t in response.templates]
    assert any(n.endswith(("refused.html", "error.html")) for n in names), names


@pytest.mark.django_db
def test_the_guard_shows_a_missing_record_at_404(client, casino, staff):
    client.force_login(staff["supervisor"])
    response = client.get("/hands/999999/")
    assert response.status_code == 404
    assert "hands/refused.html" in [t.name for t in response.templates]


# --- one catalogue of refusals (issue 41 §2) -----------------------------------------------

_REFUSALS = {
    "DomainError",
    "ValidationFailed",
    "PermissionRefused",
    "NotFound",
    "Conflict",
    "ServiceUnavailable",
}
_APPS = (
    "casino",
    "players",
    "tables",
    "cage",
    "hands",
    "rota",
    "tournaments",
    "promotions",
    "reports",
    "floor",
    "demo",
)


def _sentence(node: ast.AST) -> bool:
    """Words written at the site: a string with a space, an f-string, or text put together."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str) and " " in node.value.strip()
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp):
        return _sentence(node.left) or _sentence(node.right)
    if isinstance(node, ast.IfExp):
        return _sentence(node.body) or _sentence(node.orelse)
    return False


def _sentences_at_raise_sites() -> list[str]:
    found = []
    for path in _sources():
        rel = path.relative_to(ROOT).as_posix()
        if not rel.startswith(tuple(f"{app}/" for app in _APPS)):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name == "of" and getattr(node.func.value, "id", None) in _REFUSALS:  # type: ignore[attr-defined]
                name = "DomainError"  # DomainError.of(code, ...)
            if name in _REFUSALS:
                code, *rest = node.args or [None]
                words = [a for a in rest]  # the old (code, es, en) form
                words += [k.value for k in node.keywords if k.arg not in ("field", "details")]
                if isinstance(code, ast.Constant) or any(_sentence(w) for w in words) or rest:
                    found.append(f"{rel}:{node.lineno}: {ast.unparse(node)[:100]}")
            elif name == "Words" and any(_sentence(a) for a in node.args):
                found.append(f"{rel}:{node.lineno}: {ast.unparse(node)[:100]}")
    return found


def test_no_raise_site_carries_its_own_sentences():
    # issue 41 §2: a refusal is a code with named parameters; its words are written once,
    # in the app's enum (<app>/codes.py) and its catalogue (locale/es/catalog/<app>.json)
    offenders = _sentences_at_raise_sites()
    assert offenders == [], (
        "Raise DomainError.of(AppCode.CODE, name=value) with the message in <app>/codes.py "
        "(scripts/codemod_refusals.py converts the old form); found:\n" + "\n".join(offenders)
    )


def test_the_scan_of_raise_sites_sees_a_sentence(tmp_path, monkeypatch):
    # the scan itself: the old form and an f-string parameter are both seen
    app = tmp_path / "casino"
    app.mkdir()
    (app / "bad.py").write_text(
        "raise Conflict('X_Y', 'La mesa.', 'The table.')\n"
        "raise DomainError.of(CasinoCode.X_Y, why=f'because {x}')\n"
        "raise DomainError.of(CasinoCode.X_Y, table=t, field='table')\n"
    )
    monkeypatch.setitem(globals(), "ROOT", tmp_path)
    assert [line.split(":")[1] for line in _sentences_at_raise_sites()] == ["1", "2"]


# --- permissions through Perm, never through role names (issue 41 §5) ----------------------

# Who may do an act is a ``Perm`` granted in ``casino.roles.ROLE_PERMISSIONS`` and checked
# with ``require(actor, Perm.X)`` or ``actor.can(Perm.X)``. A comparison of ``.role`` is
# left only where the role is DATA, not a permission: a signature's slot, an incident's
# escalation level, which checklist a role fills, what an inbox or a menu lists for a role,
# the pit boss's sector and the supervisor's own sessions as a scope, a label. Each such
# function is named here with its reason; any other comparison of ``.role`` fails.
_ROLE_AS_DATA = {
    "casino/signatures.py::_check_document_state": "a signature's role: one slot per role",
    "cage/services/slips.py::slip_sign": "a signature's slot: signed in the slot's own role",
    "cage/inbox.py::slips_to_sign": "inbox: the slips at the acting role's signing step",
    "cage/inbox.py::drops_to_count": "inbox: the cage's drop counts",
    "cage/inbox.py::voids_to_confirm": "inbox: what the bosses are shown",
    "cage/inbox.py::variances_to_explain": "inbox: what the bosses are shown",
    "cage/views.py::slips": "label: whether the page offers a signing slot",
    "floor/nav.py::<module>": "menu: the cage entry is the cashier's home",
    "floor/selectors.py::signing_queue": "inbox: the sheets the floor's roles sign",
    "floor/selectors.py::shift_change_items": "a signature's slot matches the acting role",
    "floor/selectors.py::my_tables": "shortcuts: the tables one supervises or deals at",
    "floor/views.py::tables": "label: the pit boss's sector note",
    "floor/views.py::queue": "label: whether sheets are signed here",
    "hands/inbox.py::irregularities_at_my_tables": "inbox: the supervisor's tables",
    "hands/services/incidents.py::_level_of": "an incident's escalation level is a role",
    "hands/services/incidents.py::_require_holder": "the level holding the incident",
    "hands/services/incidents.py::deck_faults_from_hand": "the level an incident opens at",
    "promotions/views.py::claim": "label: the claim's signature slots",
    "reports/access.py::require_session_scope": "RPT-17 scope: sector, own sessions",
    "reports/access.py::require_table_scope": "RPT-17 scope: sector, own sessions",
    "reports/access.py::require_room_scope": "RPT-17 scope: the pit boss's room-wide kinds",
    "reports/access.py::require_day_or_table_scope": "RPT-17 scope: the supervisor's shifts",
    "reports/kinds/sector_sheet.py::access": "RPT-17 scope: the pit boss's sector",
    "reports/inbox.py::reports_to_sign": "inbox: the signature slots of each kind",
    "reports/signing.py::_is_override": "a signature's slot: the manager stands in",
    "reports/signing.py::require_operator": "a signature's slot: the roles that sign",
    "reports/signing.py::_signable_report": "a signature's slot: the roles of each kind",
    "reports/signing_views.py::report_detail": "label: whether a signing slot is offered",
    "tables/inbox.py::sheets_waiting": "inbox: signature slots, croupier's PIN",
    "tables/inbox.py::alerts": "inbox: what the floor is shown",
    "tables/inbox.py::next_step_blockers": "inbox: what each role is shown",
    "tables/inbox.py::_opening_blockers": "inbox: each role's own checklist and count",
    "tables/inbox.py::_pack_blockers": "inbox: each role's step with the packs",
    "tables/inbox.py::tables_to_open": "inbox: the supervisor's tables",
    "tables/selectors/access.py::sector_scope": "the pit boss's sector as a scope (RPT-17)",
    "tables/selectors/access.py::sector_covers": "the pit boss's sector as a scope",
    "tables/selectors/assignment.py::require_at": "a pit boss is assigned by sector",
    "tables/selectors/assignment.py::inspection_witnesses": "a witness in another role",
    "tables/services/sessions.py::prep_checklist_record": "which checklist a role fills",
    "tables/services/shifts.py::shift_change_sign": "a signature's slot",
    "tables/services/shifts.py::_one_person_one_role": "a signature's role",
    "tables/views/sessions.py::_checklist": "which checklist a role fills",
    "tables/views/tables.py::table_detail": "which checklist a role fills",
    "tournaments/services/seating.py::move_confirm": "how the dealer confirms (own or PIN)",
    "tournaments/views.py::moves": "label: the dealer's view",
}


def _role_comparisons(text: str) -> list[tuple[str, int, str]]:
    """Each comparison with ``<anything>.role`` on a side: (function, line, source)."""
    found: list[tuple[str, int, str]] = []

    def visit(node: ast.AST, where: str) -> None:
        for child in ast.iter_child_nodes(node):
            inner = where
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                inner = f"{where}.{child.name}" if where else child.name
            if isinstance(child, ast.Compare) and any(
                isinstance(side, ast.Attribute) and side.attr == "role"
                for side in (child.left, *child.comparators)
            ):
                found.append((inner or "<module>", child.lineno, ast.unparse(child)))
            visit(child, inner)

    visit(ast.parse(text), "")
    return found


def _role_checks() -> dict[str, list[str]]:
    sites: dict[str, list[str]] = {}
    for path in _sources():
        rel = path.relative_to(ROOT).as_posix()
        if rel.split("/")[0] not in _PROJECT:
            continue
        for where, line, source in _role_comparisons(path.read_text(encoding="utf-8")):
            sites.setdefault(f"{rel}::{where}", []).append(f"{rel}:{line}: {source}")
    return sites


def test_permissions_are_checked_through_perm_not_role_names():
    sites = _role_checks()
    offenders = [s for key, found in sites.items() if key not in _ROLE_AS_DATA for s in found]
    assert offenders == [], (
        "Who may act is a Perm (casino.roles): require(actor, Perm.X) or actor.can(Perm.X), "
        "the refusal keeping its code. A role compared as data goes in _ROLE_AS_DATA with "
        "its reason. Found:\n" + "\n".join(offenders)
    )


def test_each_role_as_data_site_still_compares_a_role():
    stale = sorted(set(_ROLE_AS_DATA) - set(_role_checks()))
    assert stale == [], f"no longer compare a role (drop them from _ROLE_AS_DATA): {stale}"


def test_the_role_scan_sees_a_planted_check():
    planted = (
        "def relieve(actor):\n"
        "    require(actor, Perm.SUSPEND_SESSION)\n"
        "    if actor.role not in (Role.PIT_BOSS, Role.SHIFT_MANAGER):\n"
        "        raise DomainError.of(TablesCode.RELIEF_NOT_ALLOWED)\n"
        "class V:\n"
        "    def get(self, request):\n"
        "        return Role.SUPERVISOR == self.actor.role\n"
        "ok = actor.can(Perm.RELIEVE_SUPERVISOR)\n"
    )
    assert [(w, n) for w, n, _src in _role_comparisons(planted)] == [("relieve", 3), ("V.get", 7)]
