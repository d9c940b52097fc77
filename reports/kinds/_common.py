"""Small reads shared by the report kinds (reads only: nothing here writes)."""

from __future__ import annotations

from typing import Any

from django.db.models import DecimalField

from casino.models import SignableDocument, User
from casino.roles import Role

# The output type of every money sum in a report (the database's own decimal, never a float).
MONEY_OUT = DecimalField(max_digits=18, decimal_places=2)


def name(user: User | None) -> str:
    if user is None:
        return "—"
    return user.get_full_name() or user.username


def role_label(value: str) -> str:
    try:
        return str(Role(value).label)
    except ValueError:
        return value


def signature_rows(document: SignableDocument | None) -> list[dict[str, Any]]:
    """Each required role of a document with who signed it, when and how (blank if missing)."""
    if document is None or document.pk is None:
        return []
    signed = {s.role: s for s in document.signatures()}
    rows = []
    for role in document.required_signature_roles():
        sig = signed.pop(role.value, None)
        rows.append(
            {
                "role_value": role.value,
                "role": str(role.label),
                "signer": name(sig.signer) if sig else "",
                "at": sig.signed_at if sig else None,
                "method": sig.method if sig else "",
                "missing": sig is None,
            }
        )
    for sig in signed.values():  # a role the document no longer requires: still shown
        rows.append(
            {
                "role_value": sig.role,
                "role": role_label(sig.role),
                "signer": name(sig.signer),
                "at": sig.signed_at,
                "method": sig.method,
                "missing": False,
            }
        )
    return rows


def bilingual(lang: str, es: str, en: str) -> str:
    return en if lang == "en" else es
