"""The end of a pack: classified after the closing check (reusable, discard, replacement;
DECK-15), cancelled or destroyed by security before a witness (DECK-18)."""

from __future__ import annotations

from typing import Any

from casino.access import Actor
from casino.errors import DomainError, require_text
from casino.models import User

from ...codes import TablesCode
from ...models import DeckEvent, Pack, TableSession
from .custody import P, _apply


def _move_classify(actor: Actor, pack: Pack, session: TableSession | None, **kw: Any) -> None:
    """DECK-15: reusable / discard / replacement, after the closing check. Only a pack
    checked complete now, and not returned declared incomplete, is reusable."""
    if kw["to"] == P.REUSABLE and not (kw["complete"] and _returned_complete(pack)):
        raise DomainError.of(TablesCode.PACK_NOT_REUSABLE, serial=pack.serial, field="complete")
    _apply(
        actor,
        pack,
        kw["to"],
        session=None,
        keep_at_table=False,
        with_user=kw["with_user"],
        note=kw["note"],
        data={"complete": kw["complete"]},
    )


def _returned_complete(pack: Pack) -> bool:
    """Whether the pack's last return to the pit boss declared it complete (DECK-14)."""
    last = DeckEvent.objects.filter(pack=pack, to_state=P.RETURNED).order_by("-at", "-id").first()
    return last is None or bool(last.data.get("complete"))


def _move_finish(actor: Actor, pack: Pack, session: TableSession | None, **kw: Any) -> None:
    """DECK-18: cancellation or destruction by security, with method and a witness."""
    require_text(kw["note"], field="note", code=TablesCode.METHOD_REQUIRED)
    witness: User | None = kw["with_user"]
    if witness is None or witness.pk == actor.user.pk or witness.casino_id != actor.casino.pk:
        raise DomainError.of(TablesCode.WITNESS_REQUIRED, field="with_user")
    _apply(
        actor, pack, kw["to"], session=None, keep_at_table=False, with_user=witness, note=kw["note"]
    )
