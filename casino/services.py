"""Services of the shared kernel: gaming days and staff."""

from __future__ import annotations

from datetime import date

from django.contrib.auth import password_validation
from django.contrib.auth.models import Group
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone, translation

from .access import Actor, require
from .audit import audit_record, snapshot
from .codes import CasinoCode
from .errors import DomainError
from .models import Casino, GamingDay, User
from .refusals import Words
from .roles import Perm, Role
from .selectors import open_gaming_days


def gaming_day_open(*, actor: Actor, business_date: date) -> GamingDay:
    require(actor, Perm.OPEN_GAMING_DAY)
    casino = actor.casino
    with transaction.atomic():
        if open_gaming_days(casino).select_for_update().exists():
            raise DomainError.of(CasinoCode.GAMING_DAY_ALREADY_OPEN)
        try:
            with transaction.atomic():
                day = GamingDay.objects.create(
                    casino=casino, business_date=business_date, opened_by=actor.user
                )
        except IntegrityError:
            raise DomainError.of(
                CasinoCode.GAMING_DAY_EXISTS, business_date=business_date, field="business_date"
            ) from None
        audit_record(actor=actor, action="gaming_day.open", obj=day, after=snapshot(day))
    return day


def gaming_day_close(*, actor: Actor, gaming_day: GamingDay) -> GamingDay:
    require(actor, Perm.CLOSE_GAMING_DAY)
    with transaction.atomic():
        day = GamingDay.objects.select_for_update().get(pk=gaming_day.pk)
        if not day.is_open:
            raise DomainError.of(CasinoCode.GAMING_DAY_CLOSED)
        before = snapshot(day)
        day.status = GamingDay.Status.CLOSED
        day.closed_at = timezone.now()
        day.closed_by = actor.user
        day.save(update_fields=["status", "closed_at", "closed_by"])
        audit_record(
            actor=actor, action="gaming_day.close", obj=day, before=before, after=snapshot(day)
        )
    return day


def _validate_password(password: str, user: User) -> None:
    """Django's password validators (length, similarity, common, numeric), in both languages."""
    messages = {}
    for lang in ("es", "en"):  # the validators translate when they raise
        with translation.override(lang):
            try:
                password_validation.validate_password(password, user)
            except ValidationError as exc:
                messages[lang] = " ".join(exc.messages)
    if messages:
        raise DomainError.of(
            CasinoCode.PASSWORD_TOO_WEAK,
            reasons=Words(messages["es"], messages["en"]),
            field="password",
        )


def staff_create(
    *,
    actor: Actor | None,
    casino: Casino,
    username: str,
    password: str,
    roles: list[Role],
    first_name: str = "",
    last_name: str = "",
    pin: str | None = None,
    employee_number: str = "",
) -> User:
    """Create a staff member with roles (actor None only for bootstrap commands).

    A member of staff created by a manager gets a password the validators accept; the
    bootstrap commands (demo data, simulations) choose their own.
    """
    if actor is not None:
        require(actor, Perm.MANAGE_STAFF)
    if not roles:
        raise DomainError.of(CasinoCode.ROLES_REQUIRED, field="roles")
    with transaction.atomic():
        if User.objects.filter(username=username).exists():
            raise DomainError.of(CasinoCode.USERNAME_TAKEN, username=username, field="username")
        user = User(
            username=username,
            first_name=first_name,
            last_name=last_name,
            casino=casino,
            employee_number=employee_number,
        )
        if actor is not None:
            _validate_password(password, user)
        user.set_password(password)
        if pin:
            if actor is not None:
                from .pins import pin_validate  # issue 12 §3: no trivial PINs

                pin_validate(pin)
            user.set_pin(pin)
        user.save()
        user.groups.set(Group.objects.filter(name__in=[Role(r).value for r in roles]))
        audit_record(
            actor=actor,
            action="staff.create",
            obj=user,
            casino_id=casino.pk,
            after={"username": username, "roles": sorted(Role(r).value for r in roles)},
        )
    return user
