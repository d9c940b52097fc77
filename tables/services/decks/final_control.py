"""The shift manager's final control of a store for the day (DECK-16, DECK-19)."""

from __future__ import annotations

from django.db import transaction

from casino.access import Actor, require, same_casino
from casino.errors import DomainError
from casino.refusals import Words
from casino.roles import Perm, Role
from casino.signatures import document_sign

from ...codes import TablesCode
from ...models import DeckFinalControl, DeckStore, Pack
from ...selectors.decks import deck_reconciliation, unaccounted_reason
from .._common import current_gaming_day, lock
from .custody import P, _apply


def deck_final_control_sign(
    *, actor: Actor, store: DeckStore, counted_serials: list[str]
) -> DeckFinalControl:
    """The shift manager's final control of a store for the open gaming day (DECK-16, DECK-19).

    Refused while any pack is unaccounted for (not returned, missing from the
    physical count) or a counted serial is unknown; reusable packs then go back to
    the locked cabinet.
    """
    require(actor, Perm.DECK_FINAL_CONTROL)
    same_casino(actor, store)
    if not isinstance(counted_serials, list | tuple):
        raise DomainError.of(TablesCode.COUNTED_REQUIRED, field="counted")
    with transaction.atomic():
        store = lock(DeckStore, store.pk, actor)
        day = current_gaming_day(actor)
        if DeckFinalControl.objects.filter(store=store, gaming_day=day).exists():
            raise DomainError.of(TablesCode.FINAL_CONTROL_DONE)
        recon = deck_reconciliation(store, day, list(counted_serials), final=True)
        if not recon.clean:
            raise DomainError.of(
                TablesCode.DECKS_UNACCOUNTED,
                packs=[
                    DomainError.of(
                        TablesCode.DECK_UNACCOUNTED_PACK,
                        serial=u.serial,
                        reason=Words(
                            unaccounted_reason(u.reason, "es"), unaccounted_reason(u.reason, "en")
                        ),
                    )
                    for u in recon.unaccounted
                ],
                unknown=DomainError.of(
                    TablesCode.DECK_UNKNOWN_PACKS, serials=recon.unexpected_serials
                )
                if recon.unexpected_serials
                else "",
                details=recon.figures(),
            )
        control = DeckFinalControl.objects.create(
            casino=actor.casino,
            store=store,
            gaming_day=day,
            created_by=actor.user,
            figures=recon.figures(),
            counted_serials=sorted(set(counted_serials)),
        )
        document_sign(actor=actor, document=control, role=Role.SHIFT_MANAGER)
        for pack in Pack.objects.select_for_update().filter(store=store, state=P.REUSABLE):
            _apply(
                actor,
                pack,
                P.STORED,
                session=None,
                keep_at_table=False,
                note="control final",
                data={"final_control": control.pk},
            )
    return control
