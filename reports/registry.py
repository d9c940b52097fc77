"""The catalogue of reports: each kind declares its parameters, access rule and data.

A report kind is a :class:`ReportSpec` registered with :func:`register`. Its
``build`` turns validated parameters into the template context (reading the
database through the apps' selectors, streaming with iterators where the data
is large); its ``template`` (under ``templates/pdf/``) lays it out for print.
The same spec serves the API, the pages, the Celery task and
``manage.py render_report``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rest_framework import serializers

from casino.access import Actor
from casino.models import Casino
from casino.roles import Perm, Role, roles_with

ProgressFn = Callable[[int, str], None]


@dataclass
class BuildContext:
    casino: Casino
    params: dict[str, Any]
    lang: str
    progress: ProgressFn


@dataclass(frozen=True)
class ReportSpec:
    kind: str
    title_es: str
    title_en: str
    template: str
    params: type[serializers.Serializer]
    build: Callable[[BuildContext], dict[str, Any]]
    # Who may request the kind at all (RPT-17): its audience's Perm; ``access`` narrows it
    # per parameters (a supervisor: their own table; a pit boss: their sector).
    perm: Perm = Perm.VIEW_TABLE_REPORTS
    access: Callable[[Actor, dict[str, Any]], None] | None = None
    landscape: bool = False
    # Copy destinations printed on each copy (OPEN-13, CLOSE-10): a label, or
    # (key, Spanish label, English label); the body is printed once per copy.
    copies: tuple[str | tuple[str, str, str], ...] = ()
    description_es: str = ""
    description_en: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def roles(self) -> frozenset[Role]:
        """The roles whose permissions hold ``perm`` (casino.roles, the one table)."""
        return frozenset(roles_with(self.perm))

    def title(self, lang: str) -> str:
        return self.title_en if lang == "en" else self.title_es

    def copy_labels(self, lang: str) -> list[dict[str, str]]:
        """``[{key, label}]`` per copy in ``lang``; one unlabelled copy when none."""
        out = []
        for copy in self.copies:
            if isinstance(copy, str):
                out.append({"key": copy, "label": copy})
            else:
                key, es, en = copy
                out.append({"key": key, "label": en if lang == "en" else es})
        return out or [{"key": "", "label": ""}]


REGISTRY: dict[str, ReportSpec] = {}


def register(spec: ReportSpec) -> ReportSpec:
    if spec.kind in REGISTRY and REGISTRY[spec.kind] is not spec:
        raise ValueError(f"report kind {spec.kind!r} registered twice")
    REGISTRY[spec.kind] = spec
    return spec


def get_spec(kind: str) -> ReportSpec | None:
    _load_kinds()
    return REGISTRY.get(kind)


def all_specs() -> list[ReportSpec]:
    _load_kinds()
    return sorted(REGISTRY.values(), key=lambda s: s.kind)


def _load_kinds() -> None:
    # Each module under reports/kinds registers its specs when imported.
    import importlib
    import pkgutil

    from reports import kinds

    for module in pkgutil.iter_modules(kinds.__path__):
        importlib.import_module(f"reports.kinds.{module.name}")
