"""The API's URL includes may be ordered for speed (issue 43): no route of one app can
answer a path meant for another, whatever their order."""

from __future__ import annotations

from django.urls import get_resolver
from django.urls.resolvers import URLResolver


def _api_includes() -> list[URLResolver]:
    return [
        p
        for p in get_resolver().url_patterns
        if isinstance(p, URLResolver) and str(p.pattern) == "api/"
    ]


def _name(include: URLResolver) -> str:
    name = include.urlconf_name
    return name if isinstance(name, str) else name.__name__


def test_the_api_apps_first_path_segments_are_disjoint() -> None:
    owner: dict[str, str] = {}
    includes = _api_includes()
    assert len(includes) >= 8
    for include in includes:
        name = _name(include)
        for pattern in include.url_patterns:
            first = str(pattern.pattern).split("/")[0]
            # A literal segment: a converter or a regex first would match another app's paths.
            assert first and not set(first) & set("<>^()[]\\?*+.|"), (name, str(pattern.pattern))
            assert owner.setdefault(first, name) == name, (first, owner[first], name)


def test_the_hot_writes_come_before_the_tables_routes() -> None:
    names = [_name(i) for i in _api_includes()]
    assert names.index("cage.api.urls") < names.index("tables.api.urls")
    assert names.index("hands.api.urls") < names.index("tables.api.urls")
