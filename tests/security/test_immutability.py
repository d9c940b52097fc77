"""Regulated records cannot be edited or deleted, not even in raw SQL (issue 9 §3, GEN-09).

For every table of ``casino.immutability.REGISTRY`` (append-only, locked when signed,
frozen with their signed parent) the tests, on PostgreSQL and on real rows written by
the services (a full gaming day and one correction of each kind):

- find the guard trigger in ``pg_trigger``, enabled, calling the right function, so a
  model cannot be registered and left unguarded;
- try ``UPDATE`` and ``DELETE`` in raw SQL (and ``INSERT`` of a line under a locked
  document) and see each refused by the database with ``MESA_IMMUTABLE``/``MESA_LOCKED``;
- show that every correction is a new row linked to the original, which is unchanged.

A model that is a signed document, or hangs from one, must be registered; a table in the
registry without a row in the world fails the test (extend the world, do not skip it).
"""

from __future__ import annotations

from typing import Any

import pytest
from django.apps import apps
from django.db import DatabaseError, connection, models, transaction
from django.forms.models import model_to_dict

from casino.immutability import REGISTRY, Protection
from casino.models import SignableDocument

from .world import apply_corrections, build_world

pytestmark = pytest.mark.django_db

FUNCTIONS = {
    "append_only": "mesa_refuse_change",
    "locked_when_signed": "mesa_refuse_locked",
    "frozen_with_parent": "mesa_refuse_locked_child",
}
# Models pointing at a signed document that are not regulated records themselves, and why.
NOT_REGULATED = {
    # A pack's *state* moves (issued, in play, returned...); its custody history is the
    # append-only DeckEvent log.
    "tables.Pack": "state machine; history in tables.DeckEvent",
}


@pytest.fixture
def world(staff, casino, gaming_day, sector, settings, tmp_path):  # type: ignore[no-untyped-def]
    settings.MEDIA_ROOT = tmp_path
    world = build_world(staff, casino, gaming_day, sector)
    world.corrections = apply_corrections(world, staff)  # type: ignore[attr-defined]
    return world


def _refused(sql: str, params: list[Any]) -> str:
    """Run ``sql`` in a savepoint; return the database's refusal (fails if it went through)."""
    try:
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(sql, params)
    except DatabaseError as exc:
        return str(exc)
    raise AssertionError(f"the database accepted: {sql} {params}")


def _refused_as_owner(sql: str, params: list[Any]) -> str:
    """The same, as the owner role (tests/pg_roles.py), in the test's transaction."""
    from tests.pg_roles import as_owner

    try:
        with transaction.atomic():
            as_owner(sql, params)
    except DatabaseError as exc:
        return str(exc)
    raise AssertionError(f"the database accepted from the owner: {sql} {params}")


def _row(p: Protection) -> models.Model | None:
    qs = p.model.objects.all()
    if p.kind == "locked_when_signed":
        qs = qs.filter(locked_at__isnull=False)
    elif p.kind == "frozen_with_parent":
        qs = qs.filter(**{f"{p.parent_fk}__locked_at__isnull": False})
    return qs.order_by("-pk").first()


def test_every_protected_table_has_its_trigger_on_postgresql():
    # GEN-09, issue 9 §3: installed after migrate, enabled, calling the function of its kind
    assert connection.vendor == "postgresql"
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT c.relname, t.tgname, t.tgenabled, p.proname FROM pg_trigger t "
            "JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid "
            "WHERE t.tgname LIKE '%%_mesa_guard'"
        )
        found = {rel: (name, enabled, func) for rel, name, enabled, func in cursor.fetchall()}
    assert len(REGISTRY) >= 40
    for p in REGISTRY:
        table = p.model._meta.db_table
        assert table in found, f"{table} has no guard trigger"
        name, enabled, func = found[table]
        assert name == f"{table}_mesa_guard" and enabled == "O", (table, enabled)
        assert func == FUNCTIONS[p.kind], (table, func, p.kind)


def test_signed_documents_and_their_lines_are_registered():
    # issue 9 §3: a new signed document, or a model hanging from one, cannot be forgotten
    registered = {p.model: p.kind for p in REGISTRY}
    signable = [m for m in apps.get_models() if issubclass(m, SignableDocument)]
    assert len(signable) >= 7
    for model in signable:
        assert registered.get(model) == "locked_when_signed", model._meta.label
    for model in apps.get_models():
        for f in model._meta.get_fields():
            target = getattr(f, "related_model", None)
            if not (f.many_to_one or f.one_to_one) or not f.concrete or target not in signable:
                continue
            if model._meta.label in NOT_REGULATED:
                continue
            assert model in registered, (
                f"{model._meta.label}.{f.name} points at the signed {target._meta.label} "
                "but is not protected: register it or explain why in NOT_REGULATED"
            )


def test_raw_update_and_delete_are_refused_on_every_protected_table(world):
    # GEN-09, issue 9 §3: on real rows, in raw SQL, for every table of the registry
    checked = []
    empty = [
        p.model._meta.label
        for p in REGISTRY
        if p.model._meta.app_label != "kernelapp" and _row(p) is None
    ]
    assert not empty, f"no row to test in the world for {empty}"
    # The world's foreign keys are checked now, not at the end of the test's transaction,
    # so a TRUNCATE meets the guard trigger rather than "pending trigger events".
    with connection.cursor() as cursor:
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
    for p in REGISTRY:
        if p.model._meta.app_label == "kernelapp":
            continue  # the kernel's own sample document, proven in tests/casino
        row = _row(p)
        assert row is not None, f"no {p.kind} row of {p.model._meta.label} in the world"
        table = p.model._meta.db_table
        pk = p.model._meta.pk.column
        # Raw SQL on purpose (names from the models' metadata, values as parameters).
        update_sql = f'UPDATE "{table}" SET "{pk}" = "{pk}" WHERE "{pk}" = %s'  # noqa: S608
        delete_sql = f'DELETE FROM "{table}" WHERE "{pk}" = %s'  # noqa: S608
        update = _refused(update_sql, [row.pk])
        # issue 12 §4: the app role (the tests' connection) has no DELETE on a protected
        # table, and no TRUNCATE; the owner has both privileges and the triggers refuse them.
        assert "permission denied" in _refused(delete_sql, [row.pk]), table
        assert "permission denied" in _refused(f'TRUNCATE "{table}" CASCADE', []), table
        delete = _refused_as_owner(delete_sql, [row.pk])
        assert "MESA_IMMUTABLE" in delete, (table, delete)
        truncate = _refused_as_owner(f'TRUNCATE "{table}" CASCADE', [])
        assert "MESA_IMMUTABLE: TRUNCATE" in truncate, (table, truncate)
        marker = "MESA_IMMUTABLE" if p.kind == "append_only" else "MESA_LOCKED"
        assert marker in update, (table, update)
        if p.kind == "frozen_with_parent":
            # A line added under a locked document is refused too.
            fields = [f for f in p.model._meta.concrete_fields if not f.primary_key]
            cols = ", ".join(f'"{f.column}"' for f in fields)
            copy = f'INSERT INTO "{table}" ({cols}) SELECT {cols} FROM "{table}" WHERE "{pk}" = %s'  # noqa: S608
            assert "MESA_LOCKED" in _refused(copy, [row.pk]), table
        assert p.model.objects.filter(pk=row.pk).exists()
        checked.append(table)
    assert len(checked) == len([p for p in REGISTRY if p.model._meta.app_label != "kernelapp"])


def test_corrections_are_new_rows_linked_to_an_unchanged_original(
    staff, casino, gaming_day, sector, settings, tmp_path
):
    # GEN-09, issue 9 §3: a reversal, a void, a lift, an override and review, a new version,
    # a closed hand's revision signed by the pit boss (issue 38 §3)
    settings.MEDIA_ROOT = tmp_path
    world = build_world(staff, casino, gaming_day, sector)
    protected = {p.model for p in REGISTRY}
    before: dict[tuple[type, int], dict[str, Any]] = {}
    models_ = [p.model for p in REGISTRY if p.model._meta.app_label != "kernelapp"]
    for model in models_:
        for obj in model.objects.all():
            before[(model, obj.pk)] = model_to_dict(obj)
    corrections = apply_corrections(world, staff)
    assert len({c.kind for c in corrections}) == 8  # issue 38 §3: a revision approval too
    for c in corrections:
        new = type(c.new).objects.get(pk=c.new.pk)
        assert new.pk != c.original.pk or type(new) is not type(c.original), c.kind
        assert getattr(new, c.link) == getattr(c.original, "pk", None) or (
            c.link == "table_id"
            and new.table_id == c.original.table_id
            and new.version > c.original.version
        ), c.kind
        assert type(new) in protected, f"{c.kind}: {type(new).__name__} is not append-only"
    # Every row that existed before is exactly as it was (locked_at may be set only by
    # the signature that locks a document; none of these corrections signs an old one).
    changed = []
    for (model, pk), old in before.items():
        now = model_to_dict(model.objects.get(pk=pk))
        if now != old:
            changed.append(f"{model._meta.label}#{pk}")
    assert not changed, changed
