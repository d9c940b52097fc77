"""The light validator gives what the DRF serializer gives, or leaves it to it (issue 43).

``casino.api.light`` reads a DRF input serializer's fields once and validates a body of
plain values without DRF's machinery; ``parse`` uses it first. Whenever it accepts a body,
the serializer must accept the same body and validate it to the same values (types
included). The bodies are the load run's own (complete hands from the engine, buy-ins,
colour changes) with generated changes, and random bodies for every input serializer of
the API.
"""

from __future__ import annotations

import copy
import importlib
import inspect
import json
import pkgutil
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework import serializers

from casino.api.light import light_parse, light_validator
from casino.api.parsing import parse

pytestmark = pytest.mark.django_db


def typed(value: Any) -> Any:
    """``value`` with each leaf's type, so that ``1 == True`` or ``Decimal("1") == 1`` fail."""
    if isinstance(value, dict):
        return {k: typed(v) for k, v in value.items()}
    if isinstance(value, list):
        return [typed(v) for v in value]
    if isinstance(value, Decimal):
        return ("Decimal", str(value))  # "200.00", not "200": the places count
    return (type(value).__name__, value)


def drf(serializer_class: type[serializers.Serializer], body: Any) -> dict[str, Any] | None:
    serializer = serializer_class(data=body)
    return dict(serializer.validated_data) if serializer.is_valid() else None


def assert_light_is_drf(serializer_class: type[serializers.Serializer], body: Any) -> bool:
    light = light_parse(serializer_class, body)
    if light is None:
        return False
    expected = drf(serializer_class, body)
    assert expected is not None, f"light accepted what DRF refuses: {body!r}"
    assert typed(light) == typed(expected), body
    return True


def _hand_bodies() -> list[dict[str, Any]]:
    from hands import adapter
    from tables.models import TableSettings, Variant

    settings_ = TableSettings(
        variant=Variant.NO_LIMIT, small_blind=Decimal("5"), big_blind=Decimal("10")
    )
    rules = adapter.rules_for(settings_, chip_unit=100, structure="no_limit", at=None)
    records = adapter.simulate_records(
        rules,
        count=6,
        seats=[1, 2, 3, 4],
        stack=Decimal("5000"),
        small=Decimal("5"),
        big=Decimal("10"),
        seed=11,
    )
    return [
        json.loads(json.dumps({"session": 7, "number": n + 1, **r}, default=str))
        for n, r in enumerate(records)
    ]


BUYIN = {
    "seat": 7,
    "amount": "200",
    "croupier": "croupier1",
    "cash": [{"value": "100", "count": 2}],
    "chips": [{"value": "100", "count": 1}, {"value": "25", "count": 4}],
    "stack_before": "0",
    "player_name": "Mesa 1 asiento 7",
}
CHANGE = {
    "croupier": "croupier1",
    "chips_in": [{"value": "25", "count": 4}],
    "chips_out": [{"value": "100", "count": 1}],
    "seat": 7,
}

# Values DRF converts, refuses or takes as they are: the light validator must tell them apart.
TRICKY = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**16), max_value=10**16),
    st.sampled_from([0, 1, 2, 10, 11, -1, 500, 32767, 10**13]),
    st.floats(allow_nan=False, allow_infinity=False, width=32),
    st.sampled_from(
        [
            "",
            " ",
            "12",
            " 12 ",
            "12.5",
            "12.50",
            "12.505",
            "-3",
            "1e2",
            "007.50",
            "99999999999999",
            "999999999999.99",
            "1000000000000",
            "abc",
            "x" * 200,
            "a\x00b",
            " padded ",
            "call",
            "fold",
            "raise",
            "note",
            "coin",
            "cash",
            "no_limit",
        ]
    ),
    st.text(max_size=8),
    st.just([]),
    st.just({}),
    st.lists(st.integers(min_value=-2, max_value=12), max_size=3),
)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix] if prefix else []
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*prefix, i))
    return out


@st.composite
def mutated(draw: Any, bodies: list[dict[str, Any]]) -> dict[str, Any]:
    body = copy.deepcopy(draw(st.sampled_from(bodies)))
    for _ in range(draw(st.integers(min_value=0, max_value=3))):
        paths = _paths(body)
        path = draw(st.sampled_from(paths))
        parent = body
        for step in path[:-1]:
            parent = parent[step]
        action = draw(st.sampled_from(["replace", "replace", "delete", "add"]))
        if action == "replace":
            parent[path[-1]] = draw(TRICKY)
        elif action == "delete" and isinstance(parent, dict):
            del parent[path[-1]]
        elif isinstance(parent, dict):
            parent[draw(st.sampled_from(["extra", "notes", "cut", "blinds", "kind"]))] = draw(
                TRICKY
            )
    return body


def test_the_load_runs_bodies_are_read_light_and_as_drf_reads_them() -> None:
    from cage.api.serializers import BuyinInputSerializer, ChipChangeInputSerializer
    from hands.api.serializers import HandInputSerializer

    for body in _hand_bodies():
        assert assert_light_is_drf(HandInputSerializer, body)
    assert assert_light_is_drf(BuyinInputSerializer, BUYIN)
    assert assert_light_is_drf(ChipChangeInputSerializer, CHANGE)
    # parse gives the same (the light answer first, the serializer's otherwise)
    assert parse(BuyinInputSerializer, BUYIN) == drf(BuyinInputSerializer, BUYIN)


# Every field of the three bodies once (a list's first item stands for the others), with
# each of these values in its place: the cases that matter, not left to chance.
SINGLE = [
    None,
    True,
    False,
    0,
    1,
    -1,
    10,
    11,
    32767,
    10**13,
    12.0,
    12.5,
    "",
    " ",
    "12",
    " 12 ",
    "12.5",
    "12.50",
    "12.505",
    "-3",
    "1e2",
    "007.50",
    "99999999999999",
    "999999999999.99",
    "abc",
    "x" * 200,
    "a\x00b",
    " padded ",
    "call",
    "note",
    "coin",
    [],
    {},
    [1],
]


def _field_paths(body: dict[str, Any]) -> list[tuple[Any, ...]]:
    seen, out = set(), []
    for path in _paths(body):
        shape = tuple(0 if isinstance(step, int) else step for step in path)
        if shape not in seen:
            seen.add(shape)
            out.append(path)
    return out


def test_every_field_with_each_kind_of_value_is_read_as_drf_reads_it_or_left_to_it() -> None:
    from cage.api.serializers import BuyinInputSerializer, ChipChangeInputSerializer
    from hands.api.serializers import HandInputSerializer

    accepted = 0
    for serializer_class, body in (
        (HandInputSerializer, HAND_BODIES[0]),
        (BuyinInputSerializer, BUYIN),
        (ChipChangeInputSerializer, CHANGE),
    ):
        for path in _field_paths(body):
            for value in SINGLE:
                changed = copy.deepcopy(body)
                parent = changed
                for step in path[:-1]:
                    parent = parent[step]
                parent[path[-1]] = value
                accepted += assert_light_is_drf(serializer_class, changed)
    assert accepted > 100  # the light path is taken, not only left to DRF


@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(data=st.data())
def test_a_changed_body_is_read_as_drf_reads_it_or_left_to_it(data: Any) -> None:
    from cage.api.serializers import BuyinInputSerializer, ChipChangeInputSerializer
    from hands.api.serializers import HandInputSerializer

    serializer_class, bodies = data.draw(
        st.sampled_from(
            [
                (HandInputSerializer, HAND_BODIES),
                (BuyinInputSerializer, [BUYIN]),
                (ChipChangeInputSerializer, [CHANGE]),
            ]
        )
    )
    assert_light_is_drf(serializer_class, data.draw(mutated(bodies)))


def _serializer_modules(name: str) -> list[str]:
    """The module, or a package's modules (tables.api.serializers is one per area)."""
    module = importlib.import_module(name)
    if not hasattr(module, "__path__"):
        return [name]
    return [f"{name}.{info.name}" for info in pkgutil.iter_modules(module.__path__)]


def _input_serializers() -> list[type[serializers.Serializer]]:
    found = []
    for package in ("cage.api.serializers", "hands.api.serializers", "tables.api.serializers"):
        for module in _serializer_modules(package):
            for _name, cls in inspect.getmembers(importlib.import_module(module), inspect.isclass):
                if (
                    issubclass(cls, serializers.Serializer)
                    and cls.__name__.endswith("InputSerializer")
                    and cls.__module__ == module
                ):
                    found.append(cls)
    return found


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(data=st.data())
def test_any_input_serializers_random_body_is_read_as_drf_reads_it(data: Any) -> None:
    serializer_class = data.draw(st.sampled_from(INPUTS))
    names = [n for n, f in serializer_class().fields.items() if not f.read_only] or ["x"]
    body = data.draw(st.dictionaries(st.sampled_from([*names, "x"]), TRICKY, max_size=6))
    assert_light_is_drf(serializer_class, body)


def test_a_serializer_with_its_own_checks_is_left_to_drf() -> None:
    class Checked(serializers.Serializer):
        name = serializers.CharField()

        def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
            raise serializers.ValidationError("never")

    class OwnField(serializers.Serializer):
        when = serializers.DateTimeField(required=False)
        n = serializers.IntegerField()

        def validate_n(self, value: int) -> int:
            return value + 1

    assert light_validator(Checked) is None
    assert light_parse(OwnField, {"n": 1}) is None  # validate_n is DRF's to run
    assert light_parse(OwnField, {"n": 1, "when": "2026-12-07T10:00:00Z"}) is None


HAND_BODIES: list[dict[str, Any]] = []
INPUTS: list[type[serializers.Serializer]] = []


@pytest.fixture(autouse=True, scope="module")
def _bodies(django_db_blocker: Any) -> None:
    with django_db_blocker.unblock():
        HAND_BODIES[:] = _hand_bodies()
    INPUTS[:] = _input_serializers()
