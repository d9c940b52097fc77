"""Card stores, deliveries and receipts (DECK-01, DECK-03): security delivers packs with a
numbered receipt; the pit boss's signature puts them in the store."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from casino.access import Actor, require, same_casino
from casino.audit import audit_record
from casino.errors import DomainError, require_text
from casino.models import Sector
from casino.roles import Perm, Role
from casino.serials import serial_next
from casino.signatures import document_sign

from ...codes import TablesCode
from ...models import DeckEvent, DeckReceipt, DeckStore, Pack
from ...models.decks import RECEIPT_SERIES
from .._common import current_gaming_day, lock
from .custody import P, _apply


def deck_store_create(
    *, actor: Actor, code: str, name: str, sector: Sector | None = None
) -> DeckStore:
    require(actor, Perm.MANAGE_SETTINGS)
    if sector is not None:
        same_casino(actor, sector)
    code = require_text(code, field="code", code=TablesCode.CODE_REQUIRED)
    with transaction.atomic():
        if DeckStore.objects.filter(casino=actor.casino, code=code).exists():
            raise DomainError.of(TablesCode.STORE_CODE_TAKEN, field="code")
        store = DeckStore.objects.create(
            casino=actor.casino, code=code, name=name or code, sector=sector
        )
        audit_record(
            actor=actor,
            action="deck_store.create",
            obj=store,
            after={"code": code, "name": store.name},
        )
    return store


def deck_delivery_record(
    *, actor: Actor, store: DeckStore, packs: list[dict[str, Any]], note: str = ""
) -> DeckReceipt:
    """Security delivers packs to a store (DECK-03): a numbered receipt listing them, which
    the officer signs now and the pit boss signs on receiving them."""
    require(actor, Perm.DECK_DELIVER)
    same_casino(actor, store)
    if not isinstance(packs, list | tuple) or not packs:
        raise DomainError.of(TablesCode.PACKS_REQUIRED, field="packs")
    cleaned: list[tuple[str, str, str, bool]] = []
    seen: set[str] = set()
    for index, item in enumerate(packs):
        prefix = f"packs[{index}]"
        serial = str(item.get("serial") or "").strip()
        colour = str(item.get("colour") or "").strip()
        if not serial:
            raise DomainError.of(TablesCode.PACK_SERIAL_REQUIRED, field=f"{prefix}.serial")
        if not colour:
            raise DomainError.of(TablesCode.PACK_COLOUR_REQUIRED, field=f"{prefix}.colour")
        if serial in seen:
            raise DomainError.of(
                TablesCode.PACK_SERIAL_REPEATED, serial=serial, field=f"{prefix}.serial"
            )
        seen.add(serial)
        cleaned.append(
            (serial, colour, str(item.get("design") or "").strip(), bool(item.get("is_new", True)))
        )
    with transaction.atomic():
        taken = list(
            Pack.objects.filter(casino=actor.casino, serial__in=seen).values_list(
                "serial", flat=True
            )
        )
        if taken:
            raise DomainError.of(
                TablesCode.PACK_SERIAL_TAKEN,
                taken=sorted(taken),
                field="packs",
                details={"serials": sorted(taken)},
            )
        day = current_gaming_day(actor)
        year = day.business_date.year
        receipt = DeckReceipt.objects.create(
            casino=actor.casino,
            store=store,
            gaming_day=day,
            serial_year=year,
            serial_number=serial_next(casino=actor.casino, series=RECEIPT_SERIES, year=year),
            delivered_by=actor.user,
            note=note,
        )
        for serial, colour, design, is_new in cleaned:
            pack = Pack.objects.create(
                casino=actor.casino,
                store=store,
                receipt=receipt,
                serial=serial,
                colour=colour,
                design=design,
                is_new=is_new,
            )
            DeckEvent.objects.create(
                casino=actor.casino,
                pack=pack,
                gaming_day=day,
                from_state="",
                to_state=P.RECEIVED,
                actor=actor.user,
                role=actor.role.value,
                data={"receipt": receipt.serial},
            )
        document_sign(actor=actor, document=receipt, role=Role.SECURITY)
        audit_record(
            actor=actor,
            action="deck_receipt.delivery",
            obj=receipt,
            after={"packs": [c[0] for c in cleaned], "store": store.code},
            reason=note,
        )
    return receipt


def deck_receipt_sign(*, actor: Actor, receipt: DeckReceipt) -> DeckReceipt:
    """The pit boss signs the receipt (DECK-03): its packs go into the store."""
    require(actor, Perm.DECK_RECEIVE)
    with transaction.atomic():
        receipt = lock(DeckReceipt, receipt.pk, actor)
        result = document_sign(actor=actor, document=receipt, role=Role.PIT_BOSS)
        if result.locked:
            for pack in Pack.objects.select_for_update().filter(receipt=receipt).order_by("pk"):
                if pack.state == P.RECEIVED:
                    _apply(
                        actor,
                        pack,
                        P.STORED,
                        session=None,
                        keep_at_table=False,
                        data={"receipt": receipt.serial},
                    )
        receipt.refresh_from_db()
    return receipt
