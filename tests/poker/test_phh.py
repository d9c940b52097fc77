"""PHH import/export (uoftcprg/phh-std) and the fast TOML reader."""

from __future__ import annotations

import tomllib
from dataclasses import replace
from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from poker import phh
from poker._toml import loads as fast_loads
from poker.model import UNKNOWN_CARD, ActionKind, Hand, Variant, VoidReason
from tests.poker.engine_gen import random_hand

HANDHQ_LIKE = """
[1]
variant = 'NT'
ante_trimming_status = false
antes = [0, 0, 0]
blinds_or_straddles = [0.10, 0.25, 0]
min_bet = 0.25
starting_stacks = [11.51, 25.72, 4.40]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 f', 'p1 cbr 1.00', 'p2 f']
time = 00:00:00
players = ['a', 'b', 'c']
winnings = [1.25, 0, 0]

[2]
variant = 'PO'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = []
"""


def _doc(text: str):  # type: ignore[no-untyped-def]
    return tomllib.loads(text, parse_float=Decimal)


# ---------------------------------------------------------------- fast TOML reader
def test_fast_reader_equals_tomllib_on_phh_shapes():  # PHH spec: TOML documents
    samples = [
        HANDHQ_LIKE,
        'variant = "NT"\nactions = [\n  # Pre-flop\n  "d dh p1 Ac2d",  # Ivey\n  "p1 f",\n]\n',
        "a = -0.0\nb = 007\n",
        "a = 'x' # c\nb = [1, 2,]\nc = []\n[x]\nd = true\n",
        "a = 1\na = 2\n",
        "a = [1, [2]]\n",
        'a = "esc \\" aped"\n',
        "a = 1979-05-27\n",
        "[1]\n[1]\n",
    ]
    for text in samples:
        fast = fast_loads(text)
        try:
            expected = _doc(text)
        except tomllib.TOMLDecodeError:
            assert fast is None, text
            continue
        if fast is not None:
            assert fast == expected, text


_KEY = st.from_regex(r"[a-z][a-z0-9_-]{0,7}", fullmatch=True)
_LIT = st.text(
    alphabet=st.characters(blacklist_characters="'\x7f", blacklist_categories=("Cc", "Cs")),
    max_size=12,
)
_NUMBER = st.builds(
    lambda sign, whole, frac: f"{sign}{whole}{'.' + frac if frac else ''}",
    st.sampled_from(["", "-"]),
    st.integers(0, 10**12),
    st.text(alphabet="0123456789", max_size=4),
)
_TIME = st.builds(
    lambda h, m, s: f"{h:02d}:{m:02d}:{s:02d}",
    st.integers(0, 23),
    st.integers(0, 59),
    st.integers(0, 59),
)
_SCALAR = st.one_of(
    _NUMBER,
    _LIT.map(lambda s: f"'{s}'"),
    _LIT.filter(lambda s: '"' not in s and "\\" not in s).map(lambda s: f'"{s}"'),
    st.sampled_from(["true", "false"]),
    _TIME,
)


@st.composite
def _toml_docs(draw):  # type: ignore[no-untyped-def]
    lines = []
    for table in range(draw(st.integers(0, 3))):
        if table:
            lines.append(f"[{table}]")
        keys = draw(st.lists(_KEY, unique=True, max_size=6))
        for key in keys:
            if draw(st.booleans()):
                items = draw(st.lists(_SCALAR, max_size=5))
                if draw(st.booleans()):
                    body = ",\n  # note\n  ".join(items) + (
                        "," if items and draw(st.booleans()) else ""
                    )
                    lines.append(f"{key} = [\n  {body}\n]")
                else:
                    lines.append(f"{key} = [{', '.join(items)}]")
            else:
                comment = " # c" if draw(st.booleans()) else ""
                lines.append(f"{key} = {draw(_SCALAR)}{comment}")
    return "\n".join(lines) + "\n"


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_toml_docs())
def test_fast_reader_matches_tomllib_on_generated_documents(text):  # type: ignore[no-untyped-def]
    expected = _doc(text)
    fast = fast_loads(text)
    assert fast is not None, text  # the subset is read by the fast path
    assert fast == expected


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="ab=[]'\",#.-01:\n \t\r{}", max_size=40))
def test_fast_reader_never_disagrees_with_tomllib(text):  # type: ignore[no-untyped-def]
    fast = fast_loads(text)
    try:
        expected = _doc(text)
    except tomllib.TOMLDecodeError:
        assert fast is None
        return
    if fast is not None:
        assert fast == expected


# ---------------------------------------------------------------- import
def test_import_scales_cents_exactly():  # GEN-13: HandHQ cents, never float
    record, skipped = phh.loads(HANDHQ_LIKE, many=True)
    hand = record.hand
    assert hand is not None and not record.problems
    assert hand.scale == 2 and hand.chip_unit == 1
    assert hand.starting_stacks == (1151, 2572, 440)
    assert hand.blinds_or_straddles == (10, 25, 0) and hand.min_bet == 25
    assert hand.winnings == (125, 0, 0)
    assert hand.actions[4].amount == 100
    assert hand.actions[0].cards == (UNKNOWN_CARD, UNKNOWN_CARD)
    assert skipped.skipped and skipped.variant == "PO" and skipped.hand is None


def test_import_chip_unit_from_the_played_amounts():  # POT-08: half chips are not chips
    text = (
        "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
        "starting_stacks = [100, 100]\nactions = ['p2 f']\nfinishing_stacks = [101.5, 98.5]\n"
    )
    hand = phh.load_hand(text)
    assert hand.scale == 1 and hand.chip_unit == 10
    assert hand.starting_stacks == (1000, 1000) and hand.finishing_stacks == (1015, 985)


def test_import_keeps_phh_heads_up_order():  # PHH: forced bets reverse-assigned heads-up
    text = (
        "variant = 'NT'\nantes = [0, 3]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
        "starting_stacks = [100, 100]\nactions = []\n"
    )
    hand = phh.load_hand(text)
    assert hand.blinds_or_straddles == (1, 2)
    assert hand.forced_bets() == ((3, 0), (2, 1))  # the button (p2) posts the small blind


def test_import_mesa_markers():  # DEAD-01, MISDEAL-03: Mesa extensions in commentaries
    text = (
        "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n"
        "starting_stacks = [100, 100, 100]\n"
        "actions = ['p3 cc # mesa:call', 'p1 cc # mesa:call late', 'p2 cc # mesa:check',"
        " 'p1 f # mesa:dead', '# mesa:void duplicate_card', '# just a note', '']\n"
        "_rake = 3\n"
    )
    hand = phh.load_hand(text)
    kinds = [a.kind for a in hand.actions]
    assert kinds == [
        ActionKind.CALL,
        ActionKind.CALL,
        ActionKind.CHECK,
        ActionKind.DEAD,
        ActionKind.VOID,
        ActionKind.NOOP,
        ActionKind.NOOP,
    ]
    assert (
        hand.actions[1].commentary == "late" and hand.actions[4].reason is VoidReason.DUPLICATE_CARD
    )
    assert hand.rake == 3


@pytest.mark.parametrize(
    ("text", "detail"),
    [
        ("variant = 'XX'\n", "unknown variant"),
        ("antes = [0]\n", "variant"),
        ("variant = 'NT'\nstarting_stacks = [1, 2]\n", "antes"),
        (
            "variant = 'NT'\nantes=[0,0]\nblinds_or_straddles=[1,2]\nstarting_stacks=[1,2]\n",
            "min_bet",
        ),
        (
            "variant = 'NT'\nantes=[0,0]\nblinds_or_straddles=[1,2]\nmin_bet=2\n"
            "starting_stacks=[1e999, 2]\nactions=[]\n",
            "not",
        ),
        (
            "variant = 'NT'\nantes=[0,0]\nblinds_or_straddles=[1,2]\nmin_bet=2\n"
            "starting_stacks=[inf, 2]\nactions=[]\n",
            "exact amount",
        ),
        (
            "variant = 'NT'\nantes=[0,0]\nblinds_or_straddles=[1,true]\nmin_bet=2\n"
            "starting_stacks=[5, 2]\nactions=[]\n",
            "exact amount",
        ),
        ("variant = \n", "TOML"),
    ],
)
def test_import_malformed_documents(text: str, detail: str) -> None:  # MALFORMED, issue 9
    (record,) = phh.loads(text)
    assert record.hand is None and record.problems
    assert record.problems[0].code.value == "MALFORMED"
    assert detail.lower() in record.problems[0].message_en.lower()


def test_import_malformed_action_keeps_indices():  # MALFORMED with the action index
    text = (
        "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
        "starting_stacks = [100, 100]\nactions = ['p2 cc', 'p1 jump', 'p9 f', 'p1 cbr -5']\n"
    )
    (record,) = phh.loads(text)
    assert record.hand is not None and len(record.hand.actions) == 4
    assert [(v.code.value, v.action) for v in record.problems] == [
        ("MALFORMED", 1),
        ("MALFORMED", 2),
        ("MALFORMED", 3),
    ]


def test_load_hand_raises_phh_error():
    with pytest.raises(phh.PHHError):
        phh.load_hand("variant = 'PO'\n")


# ---------------------------------------------------------------- export and round trip
@st.composite
def _hands(draw):  # type: ignore[no-untyped-def]
    seed = draw(st.integers(0, 10**9))
    variant = draw(st.sampled_from(list(Variant)))
    hand = random_hand(seed, variant, unknown_cards=draw(st.booleans()))
    scale = draw(st.sampled_from([0, 0, 1, 2]))
    unit_power = draw(st.integers(0, scale))
    factor = 10**scale
    n = hand.player_count

    def up(values):  # type: ignore[no-untyped-def]
        return tuple(v * factor for v in values)

    actions = tuple(
        replace(
            a, amount=a.amount * factor, commentary=draw(st.sampled_from([None, "note", "a # b"]))
        )
        if a.kind is ActionKind.BET_RAISE
        else a
        for a in hand.actions
    )
    return replace(
        hand,
        starting_stacks=up(hand.starting_stacks),
        antes=up(hand.antes),
        blinds_or_straddles=up(hand.blinds_or_straddles),
        min_bet=None if hand.min_bet is None else hand.min_bet * factor,
        small_bet=None if hand.small_bet is None else hand.small_bet * factor,
        big_bet=None if hand.big_bet is None else hand.big_bet * factor,
        actions=actions,
        scale=scale,
        chip_unit=draw(st.sampled_from([10**unit_power, 5 * 10**unit_power])),
        players=draw(st.one_of(st.none(), st.just(tuple(f"Jugador {i} 'ñ'" for i in range(n))))),
        seats=draw(st.one_of(st.none(), st.just(tuple(range(1, n + 1))))),
        finishing_stacks=draw(st.one_of(st.none(), st.just(tuple(range(n))))),
        winnings=draw(st.one_of(st.none(), st.just((7,) * n))),
        rake=draw(st.one_of(st.none(), st.integers(0, 99))),
        ante_trimming_status=draw(st.one_of(st.none(), st.booleans())),
        extra=draw(st.sampled_from([(), (("event", 'Mesa "test"'), ("hand", 12))])),
    )


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_hands())
def test_export_then_import_gives_the_same_hand(hand: Hand) -> None:  # PHH round trip
    text = phh.dumps(hand)
    again = phh.load_hand(text)
    assert again == hand
    assert phh.dumps(again) == text
    assert tomllib.loads(text, parse_float=Decimal)  # valid TOML for any reader


def test_export_many_and_read_back():  # .phhs: tables [1], [2], ...
    hands = [random_hand(seed) for seed in range(5)]
    records = phh.loads(phh.dumps_many(hands), many=True)
    assert [r.hand for r in records] == hands


def test_export_mesa_actions_round_trip():  # DEAD, VOID, explicit CHECK/CALL markers
    from tests.poker.engine_helpers import make_hand

    hand = make_hand(
        [100] * 3,
        ["p3 cc # mesa:call", "p1 f # mesa:dead", "p2 cc # mesa:check", "# mesa:void misdeal"],
    )
    text = phh.dumps(hand)
    assert "p1 f # mesa:dead" in text and "# mesa:void misdeal" in text
    assert phh.load_hand(text) == hand
