"""The PHH corpus (../shared/corpus/phh): every Texas hand, validated in full.

Locate it with $MESA_PHH_CORPUS (default <repo>/../shared/corpus/phh); skipped
when absent. Expected results come from the corpus README and MANIFEST.csv:

* the 1,710 hands whose recorded finishing stacks PokerKit reproduces are valid
  under ``--rake 0``; so is dwan-ivey-2009 (no recorded outcome);
* the 8 Pluribus split pots record half chips: ODD_CHIP and FINISHING_STACKS_MISMATCH;
* wsop/2019/42/3/00-01-07 leaves out the button's pre-flop fold: OUT_OF_TURN at
  action 13 and nothing else (its big-blind ante is dead money, as recorded);
* the 8 HandHQ hands record winnings after PartyPoker's rake: with ``--rake 5
  --no-flop-no-drop`` seven are valid; hand 3 (a "Jackpot" table, which takes an
  extra jackpot drop) is WINNINGS_MISMATCH. With no rake, every raked pot is a
  WINNINGS_MISMATCH.
"""

from __future__ import annotations

import csv
import tomllib
from decimal import Decimal
from pathlib import Path

import pytest

from poker import phh
from poker._toml import loads as fast_loads
from poker.profiles import MANUAL
from poker.validate import Status, validate
from tests.poker.engine_helpers import corpus_dir

pytestmark = pytest.mark.corpus

NO_RAKE = MANUAL.with_overrides(rake_bps=0)
HANDHQ_RAKE = MANUAL.with_overrides(rake_bps=500, no_flop_no_drop=True)
ODD_CHIP_HANDS = {
    "pluribus/102/0.phh",
    "pluribus/32/23.phh",
    "pluribus/41b/204.phh",
    "pluribus/60/88.phh",
    "pluribus/75b/76.phh",
    "pluribus/88/128.phh",
    "pluribus/91/43.phh",
    "pluribus/91/53.phh",
}
WSOP_SKIP = "wsop/2019/42/3/00-01-07.phh"


@pytest.fixture(scope="module")
def corpus() -> dict[tuple[str, int], phh.Record]:
    root = corpus_dir()
    records = {}
    for path in phh.iter_paths([str(root)]):
        for record in phh.read_path(path):
            records[(str(Path(path).relative_to(root)), record.index)] = record
    return records


@pytest.fixture(scope="module")
def manifest() -> list[dict[str, str]]:
    with open(corpus_dir() / "MANIFEST.csv", newline="") as fp:
        return list(csv.DictReader(fp))


def test_every_texas_hand_is_read(corpus, manifest):  # type: ignore[no-untyped-def]
    texas = [r for r in corpus.values() if r.hand is not None]
    assert len(texas) == 1728
    assert sum(r.variant == "NT" for r in texas) == 1721
    assert sum(r.variant == "FT" for r in texas) == 7
    assert all(not r.problems for r in corpus.values())
    skipped = [r for r in corpus.values() if r.skipped]
    assert len(skipped) == len(manifest) - 1728  # every other variant is skipped, not an error
    assert {r.variant for r in skipped} <= {
        "FB",
        "PO",
        "F2L3D",
        "NS",
        "FO/8",
        "F7S",
        "F7S/8",
        "FR",
        "N2L1D",
    }


def test_correct_records_are_valid(corpus, manifest):  # type: ignore[no-untyped-def]
    correct = [
        row for row in manifest if row["finishing_stacks_match"] == "1" and row["lenient_ok"] == "1"
    ]
    assert len(correct) == 1710
    for row in correct:
        record = corpus[(row["file"], int(row["index_in_file"]))]
        verdict = validate(record.hand, NO_RAKE)  # type: ignore[arg-type]
        assert verdict.status is Status.VALID, (row["file"], verdict.violations)
    dwan = validate(corpus[("dwan-ivey-2009.phh", 0)].hand, NO_RAKE)  # type: ignore[arg-type]
    assert dwan.status is Status.VALID and dwan.rake == 0


def test_half_chip_split_pots_are_flagged(corpus):  # type: ignore[no-untyped-def]  # POT-08
    for name in ODD_CHIP_HANDS:
        verdict = validate(corpus[(name, 0)].hand, NO_RAKE)
        assert set(verdict.codes) == {"ODD_CHIP", "FINISHING_STACKS_MISMATCH"}, name
        (pot,) = [p for p in verdict.pots if len(p.winners) == 2]
        assert len(pot.odd_chips) == 1  # one whole chip to the first winner left of the button


def test_wsop_hand_missing_a_fold_is_out_of_turn(corpus):  # type: ignore[no-untyped-def]
    verdict = validate(corpus[(WSOP_SKIP, 0)].hand, NO_RAKE)
    assert [(v.code.value, v.action) for v in verdict.violations] == [("OUT_OF_TURN", 13)]
    # With the skipped fold read in, the big-blind ante stays in the pot (OQ-33), as recorded.
    assert verdict.finishing_stacks == corpus[(WSOP_SKIP, 0)].hand.finishing_stacks


def test_handhq_winnings_after_site_rake(corpus):  # type: ignore[no-untyped-def]  # RAKE-07
    source = (
        "handhq/PTY-2009-07-01_2009-07-23_25NLH_OBFU/0.25/pty NLH handhq_1-OBFUSCATED.first8.phhs"
    )
    verdicts = [validate(corpus[(source, i)].hand, HANDHQ_RAKE) for i in range(8)]
    assert [v.status is Status.VALID for v in verdicts] == [True, True, True, False] + [True] * 4
    assert verdicts[3].codes == ("WINNINGS_MISMATCH",)
    assert [v.rake for v in verdicts] == [0, 43, 34, 11, 21, 9, 39, 118]  # cents
    no_rake = [validate(corpus[(source, i)].hand, NO_RAKE) for i in range(8)]
    assert no_rake[0].status is Status.VALID
    assert all(v.codes == ("WINNINGS_MISMATCH",) for v in no_rake[1:])


def test_fast_reader_equals_tomllib_on_the_corpus():  # the fast path must not change a value
    root = corpus_dir()
    for path in phh.iter_paths([str(root)]):
        text = Path(path).read_text(encoding="utf-8")
        fast = fast_loads(text)
        assert fast is not None, path
        assert fast == tomllib.loads(text, parse_float=Decimal), path


def test_corpus_round_trip(corpus):  # type: ignore[no-untyped-def]  # export then import
    for key, record in corpus.items():
        if record.hand is not None:
            assert phh.load_hand(phh.dumps(record.hand)) == record.hand, key
