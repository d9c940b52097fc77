"""The shared kernel: casino, gaming days, staff, signatures, audit events.

Money is ``Decimal`` with two places (:data:`MONEY`); chip counts are integers.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from datetime import date, datetime
from decimal import Decimal
from typing import Any, ClassVar, TypedDict

from django.contrib.auth.hashers import check_password, make_password
from django.contrib.auth.models import AbstractUser, Group
from django.contrib.contenttypes.fields import GenericForeignKey
from django.contrib.contenttypes.models import ContentType
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from . import immutability
from .hotqueries import HotQuery
from .roles import Role


class DecimalDigits(TypedDict):
    """The digits of a decimal field (a model's or a serializer's), so ``**MONEY`` is typed."""

    max_digits: int
    decimal_places: int


MONEY: DecimalDigits = {"max_digits": 16, "decimal_places": 2}


class Ruleset(models.TextChoices):
    """The table-rules profiles of the engine (GEN-03): values match ``poker.profiles``."""

    MANUAL = "manual", _("Manual (house procedures)")
    PBA = "pba", _("Provincia de Buenos Aires")
    CABA = "caba", _("Ciudad de Buenos Aires")


class Casino(models.Model):
    code = models.SlugField(max_length=32, unique=True)
    name = models.CharField(_("name"), max_length=200)
    currency = models.CharField(_("currency"), max_length=3, default="ARS")
    time_zone = models.CharField(
        _("time zone"), max_length=64, default="America/Argentina/Buenos_Aires"
    )
    locale = models.CharField(_("locale"), max_length=16, default="es-AR")
    default_ruleset = models.CharField(
        _("default ruleset"), max_length=8, choices=Ruleset.choices, default=Ruleset.MANUAL
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("casino")
        verbose_name_plural = _("casinos")

    def __str__(self) -> str:
        return self.name


class User(AbstractUser):
    """A member of staff. Roles are the user's groups (see ``casino.roles``)."""

    casino = models.ForeignKey(
        Casino, on_delete=models.PROTECT, null=True, blank=True, related_name="staff"
    )
    employee_number = models.CharField(_("employee number"), max_length=32, blank=True)
    # Croupiers sign on the supervisor's terminal with a personal PIN (ROLE-13, OQ-34).
    pin_hash = models.CharField(max_length=128, blank=True, editable=False)
    # Consecutive wrong PINs and the lock they lead to (issue 12 §3, casino.pins).
    pin_failures = models.PositiveSmallIntegerField(default=0, editable=False)
    pin_locked_until = models.DateTimeField(null=True, blank=True, editable=False)

    class Meta:
        verbose_name = _("staff member")
        verbose_name_plural = _("staff")

    def __str__(self) -> str:
        full = self.get_full_name()
        return full or self.username

    @property
    def display_name(self) -> str:
        return str(self)

    def role_values(self) -> set[str]:
        cached = getattr(self, "_mesa_roles", None)
        if cached is None:
            valid = set(Role.values)
            names = (
                _ROLE_NAMES.all(user=self.pk)
                if self.pk is not None
                else self.groups.values_list("name", flat=True)  # unsaved: the ORM refuses
            )
            cached = {name for name in names if name in valid}
            self._mesa_roles = cached
        return cached

    def group_names(self) -> list[str]:
        """Every group the user is in, read now (one query); the roles among them are kept
        for :meth:`role_values`, so a request that reads both reads the groups once."""
        names = list(_ROLE_NAMES.all(user=self.pk))
        self.roles_read(names)
        return names

    def roles_read(self, names: Sequence[str | None]) -> None:
        """The user's group names, read with the user by the caller (one query, not two)."""
        valid = set(Role.values)
        self._mesa_roles = {name for name in names if name in valid}

    def holds_role(self, role: Role | str) -> bool:
        return str(role) in self.role_values()

    def set_pin(self, pin: str) -> None:
        self.pin_hash = make_password(pin)

    def check_pin(self, pin: str) -> bool:
        return bool(self.pin_hash) and check_password(pin, self.pin_hash)


# The user's roles, read on every request (issue 43: built once, see casino.hotqueries).
_ROLE_NAMES = HotQuery(
    lambda user: Group.objects.filter(user=user).values_list("name", flat=True), user=int
)


class Permissions(models.Model):
    """Anchor for the permission codenames of :class:`casino.roles.Perm` (no rows)."""

    class Meta:
        managed = False
        default_permissions = ()
        verbose_name = _("Mesa permission")

    def __str__(self) -> str:
        return str(self._meta.verbose_name)


class Sector(models.Model):
    """A pit: a group of tables under one pit boss (ROLE-01, RPT-07)."""

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="sectors")
    code = models.CharField(max_length=16)
    name = models.CharField(_("name"), max_length=100)
    pit_bosses = models.ManyToManyField(User, blank=True, related_name="sectors")

    class Meta:
        verbose_name = _("sector")
        verbose_name_plural = _("sectors")
        constraints = [
            models.UniqueConstraint(fields=["casino", "code"], name="sector_code_unique")
        ]

    def __str__(self) -> str:
        return self.name


class GamingDay(models.Model):
    """A casino's business day. Every operational record belongs to one (GEN-02)."""

    class Status(models.TextChoices):
        OPEN = "open", _("Open")
        CLOSED = "closed", _("Closed")

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="gaming_days")
    business_date = models.DateField(_("business date"))
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.OPEN)
    opened_at = models.DateTimeField(default=timezone.now)
    opened_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+", null=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    closed_by = models.ForeignKey(
        User, on_delete=models.PROTECT, related_name="+", null=True, blank=True
    )

    class Meta:
        verbose_name = _("gaming day")
        verbose_name_plural = _("gaming days")
        ordering = ["-business_date"]
        constraints = [
            models.UniqueConstraint(fields=["casino", "business_date"], name="gaming_day_unique"),
            models.UniqueConstraint(
                fields=["casino"], condition=Q(status="open"), name="one_open_gaming_day"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.casino.code} {self.business_date.isoformat()}"

    @property
    def is_open(self) -> bool:
        return self.status == self.Status.OPEN


def canonical_json(payload: Any) -> str:
    """Stable JSON for hashing: sorted keys, no spaces, exact decimals and ISO dates."""

    def default(value: Any) -> Any:
        if isinstance(value, Decimal):
            return str(value)
        if isinstance(value, datetime | date):
            return value.isoformat()
        if isinstance(value, models.Model):
            return value.pk
        if isinstance(value, set | frozenset):
            return sorted(value)
        return str(value)

    return json.dumps(payload, sort_keys=True, separators=(",", ":"), default=default)


def content_hash(payload: Any) -> str:
    return hashlib.sha256(canonical_json(payload).encode()).hexdigest()


class SignableDocument(models.Model):
    """A document that named people sign in named roles, then locked (issue 2 §4).

    Subclasses set ``REQUIRED_SIGNATURE_ROLES`` (or override
    :meth:`required_signature_roles`) and implement :meth:`signing_payload`,
    the content the signatures vouch for. Decorate the model with
    ``@immutability.locked_when_signed`` and its lines with
    ``@immutability.frozen_with_parent(...)``. Signing goes through
    :func:`casino.signatures.document_sign`.
    """

    locked_at = models.DateTimeField(_("locked at"), null=True, blank=True, editable=False)
    locked_hash = models.CharField(max_length=64, blank=True, editable=False)

    REQUIRED_SIGNATURE_ROLES: ClassVar[tuple[Role, ...]] = ()
    DOCUMENT_KIND: ClassVar[str] = "document"

    class Meta:
        abstract = True

    @property
    def is_locked(self) -> bool:
        return self.locked_at is not None

    def required_signature_roles(self) -> tuple[Role, ...]:
        return self.REQUIRED_SIGNATURE_ROLES

    def signing_payload(self) -> dict[str, Any]:
        raise NotImplementedError

    def signing_hash(self) -> str:
        return content_hash(self.signing_payload())

    def signing_blockers(self, role: Role) -> list[Any]:
        """Domain errors that stop ``role`` from signing now (e.g. an open discrepancy)."""
        return []

    def signing_assignment(self) -> Any:
        """The :class:`casino.scoping.Assignment` of the table this document belongs to.

        ``None`` means the document is not tied to one table (its signers' roles
        alone decide). Documents of a session return
        ``tables.selectors.session_assignment(session)`` (issue 12 §1).
        """
        return None

    def signatures(self) -> models.QuerySet[Signature]:
        ct = ContentType.objects.get_for_model(type(self))
        return Signature.objects.filter(content_type=ct, object_id=self.pk).select_related("signer")

    def signed_roles(self) -> set[str]:
        return set(self.signatures().values_list("role", flat=True))

    def missing_roles(self) -> list[Role]:
        signed = self.signed_roles()
        return [r for r in self.required_signature_roles() if r.value not in signed]


@immutability.append_only
class Signature(models.Model):
    """Who signed which document, in which role, when, on which content (ROLE-13)."""

    class Method(models.TextChoices):
        SESSION = "session", _("Logged-in session")
        PIN = "pin", _("PIN on the supervisor's terminal")

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    content_type = models.ForeignKey(ContentType, on_delete=models.PROTECT)
    object_id = models.PositiveBigIntegerField()
    document = GenericForeignKey("content_type", "object_id")
    role = models.CharField(max_length=16, choices=Role.choices)
    signer = models.ForeignKey(User, on_delete=models.PROTECT, related_name="signatures")
    recorded_by = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    method = models.CharField(max_length=8, choices=Method.choices, default=Method.SESSION)
    signed_at = models.DateTimeField(default=timezone.now)
    content_hash = models.CharField(max_length=64)

    class Meta:
        verbose_name = _("signature")
        verbose_name_plural = _("signatures")
        ordering = ["signed_at", "id"]
        constraints = [
            # One signature per role per document, one role per person per document (ROLE-14).
            models.UniqueConstraint(
                fields=["content_type", "object_id", "role"], name="signature_one_per_role"
            ),
            models.UniqueConstraint(
                fields=["content_type", "object_id", "signer"], name="signature_one_per_person"
            ),
        ]
        indexes = [models.Index(fields=["content_type", "object_id"])]

    def __str__(self) -> str:
        return f"{self.signer} ({self.role}) {self.signed_at:%Y-%m-%d %H:%M}"


@immutability.append_only
class AuditEvent(models.Model):
    """One regulated change: who, in which role, did what to which object, when, why."""

    at = models.DateTimeField(default=timezone.now, db_index=True)
    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, null=True, related_name="+")
    gaming_day = models.ForeignKey(
        GamingDay, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    actor = models.ForeignKey(User, on_delete=models.PROTECT, null=True, related_name="+")
    role = models.CharField(max_length=16, blank=True)
    action = models.CharField(max_length=64, db_index=True)
    object_type = models.CharField(max_length=64, db_index=True)
    object_id = models.CharField(max_length=64, blank=True, db_index=True)
    object_repr = models.CharField(max_length=200, blank=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    reason = models.TextField(blank=True)

    class Meta:
        verbose_name = _("audit event")
        verbose_name_plural = _("audit events")
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M:%S} {self.action} {self.object_type}#{self.object_id}"


class SerialCounter(models.Model):
    """Unbroken serial numbers per casino, series and year (GEN-10, fill/credit slips)."""

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    series = models.CharField(max_length=32)
    year = models.PositiveIntegerField()
    last_value = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["casino", "series", "year"], name="serial_unique")
        ]

    def __str__(self) -> str:
        return f"{self.series}-{self.year}: {self.last_value}"


class IdempotencyRecord(models.Model):
    """A request already answered, by user and ``Idempotency-Key`` (retries land once)."""

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=128)
    request_hash = models.CharField(max_length=64)
    path = models.CharField(max_length=255)
    status_code = models.PositiveSmallIntegerField(null=True)
    response = models.JSONField(null=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "key"], name="idempotency_key_unique")
        ]

    def __str__(self) -> str:
        return f"{self.key} ({self.path})"


@immutability.append_only
class ChainLink(models.Model):
    """One link of a gaming day's hash chain of sealed records (issue 12 §5).

    ``link = HMAC(key[key_id], prev | record_type | record_id | record_seal)``, where
    ``prev`` is the link of ``seq - 1`` (empty for the first). Written only by
    :func:`casino.sealing.chain_append`, in the transaction of the record it links.
    """

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    gaming_day = models.ForeignKey(GamingDay, on_delete=models.PROTECT, related_name="+")
    seq = models.PositiveIntegerField()
    record_type = models.CharField(max_length=64)
    record_id = models.CharField(max_length=64)
    record_seal = models.CharField(max_length=100)
    prev = models.CharField(max_length=64, blank=True)
    link = models.CharField(max_length=64)
    key_id = models.CharField(max_length=32)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = _("evidence chain link")
        verbose_name_plural = _("evidence chain links")
        ordering = ["gaming_day", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["gaming_day", "seq"], name="chain_link_seq_unique")
        ]
        indexes = [models.Index(fields=["record_type", "record_id"])]

    def __str__(self) -> str:
        return f"chain {self.gaming_day_id} #{self.seq} {self.record_type}#{self.record_id}"


class ApiToken(models.Model):
    """An API token: good for one shift, revocable, one per login (issue 12 §9).

    Only the SHA-256 of the secret is stored: the database does not hold a usable
    token. The secret is shown once, in the answer to ``POST /api/auth/token/``.
    """

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="api_tokens")
    key_digest = models.CharField(max_length=64, unique=True, editable=False)
    created_at = models.DateTimeField(default=timezone.now)
    expires_at = models.DateTimeField()
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)
    # The keyed fingerprint of the password, roles and activity it was issued under
    # (casino.api.authentication.credentials_of, issue 39 §3): a change to any ends it.
    credentials = models.CharField(max_length=40, blank=True, default="", editable=False)

    class Meta:
        verbose_name = _("API token")
        verbose_name_plural = _("API tokens")
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.user} #{self.pk}"

    @staticmethod
    def digest(key: str) -> str:
        return hashlib.sha256(key.encode()).hexdigest()

    def is_live(self, now: datetime | None = None) -> bool:
        return self.revoked_at is None and self.expires_at > (now or timezone.now())


# The chip catalogue lives below the tables and the cage (issue 13 §1).
from .chips import ChipSet, Denomination  # noqa: E402,F401

# The shift pattern (issue 14 §3): named shifts within the gaming day, append-only.
from .shifts import ShiftDefinition, ShiftPattern  # noqa: E402,F401
