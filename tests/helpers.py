"""Helpers for Django tests (imported lazily by tests/conftest.py)."""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING, Any

PASSWORD = "correct-horse-battery-9"

if TYPE_CHECKING:
    from casino.models import Casino, User
    from casino.roles import Role


def make_staff(casino: Casino, username: str, *roles: Role, pin: str | None = None) -> User:
    from casino.services import staff_create

    return staff_create(
        actor=None,
        casino=casino,
        username=username,
        password=PASSWORD,
        roles=list(roles),
        first_name=username.capitalize(),
        pin=pin,
    )


def money(value: str | int) -> Decimal:
    return Decimal(str(value))


def RoleClient(user: User | None = None, role: Role | str | None = None, **kw: Any):  # noqa: N802
    """An API client logged in as ``user``, sending the role it acts in (X-Mesa-Role).

    Every answer it receives is checked against the served OpenAPI schema (issue 39 §6,
    ``tests/tables/openapi.py``): a test of the API cannot pass on an answer the published
    contract does not describe. ``schema_checked=False`` is for a test that sends what the
    contract forbids on purpose and checks the answer itself (the fuzzer, the hostile
    input tests)."""
    from rest_framework.test import APIClient

    from tests.tables.openapi import check_response

    checked = kw.pop("schema_checked", True)

    class SchemaCheckedClient(APIClient):
        def request(self, **request: Any) -> Any:
            response = super().request(**request)
            if checked:
                check_response(response)
            return response

    client = SchemaCheckedClient(**kw)
    if user is not None:
        client.force_authenticate(user=user)
    if role is not None:
        client.credentials(HTTP_X_MESA_ROLE=str(role))
    return client


# The PINs the test staff sign with (``tests/conftest.py`` ``staff``: 1234 but croupier2's):
# a witness signs an inspection with his own (DECK-06).
TEST_PINS = {"croupier2": "5678"}


def inspect_pack(actor: Any, pack: Any, *, witness: User | None = None, pin: str | None = None):  # type: ignore[no-untyped-def]
    """Inspect an issued pack as the floor does (DECK-06): backs, faces and the 52 cards
    ticked, the witness (the croupier on duty unless named) signing with his PIN."""
    from tables import services
    from tables.models import Pack, PackState
    from tables.selectors import croupier_on_duty

    pack = Pack.objects.select_related("session").get(pk=pack.pk)
    witness = witness or croupier_on_duty(pack.session)
    assert witness is not None, "no croupier on duty to witness the inspection"
    return services.deck_move(
        actor=actor,
        pack=pack,
        to=PackState.INSPECTED,
        with_user=witness,
        pin=pin or TEST_PINS.get(witness.username, "1234"),
        face_up_ok=True,
        face_down_ok=True,
        complete=True,
    )
