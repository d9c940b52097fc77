"""Cases that kill the mutants of ``poker/pots.py`` that survived the suite (issue 16 §1).

``make mutate MODULE=poker/pots.py`` found them: the chips of folded or dead players above
every live player's level, a hand with no live player left, a lone winner's share.
The survivors left as equivalent are listed in docs/mutation.md.
"""

from __future__ import annotations

from poker.pots import build_pots, split_pot


def test_pot_05_chips_folded_above_every_live_level_go_to_the_top_pot() -> None:
    """POT-02 / POT-05: what a folded (or dead) hand put in above the highest live level
    joins the last pot, the one its own winners take, not the main pot nor a middle one."""
    pots = build_pots([20, 50, 80, 120], [True, True, True, False])
    assert pots == [(80, (0, 1, 2)), (90, (1, 2)), (100, (2,))]
    assert sum(amount for amount, _ in pots) == 20 + 50 + 80 + 120


def test_pot_02_a_dead_hand_above_a_single_live_player() -> None:
    """POT-02: one pot, all the chips, the live player alone eligible."""
    assert build_pots([50, 100], [True, False]) == [(150, (0,))]
    assert build_pots([50, 100], [True, False], dead_money=4) == [(154, (0,))]


def test_pot_02_no_live_player_left_keeps_every_chip_in_one_pot() -> None:
    """POT-02: with nobody live (every hand folded or dead) the chips stay in one pot with
    no eligible player, after the hand as during a round (POT-11, ``all_in`` given)."""
    assert build_pots([10, 20], [False, False]) == [(30, ())]
    assert build_pots([0, 0], [False, False]) == [(0, ())]
    assert build_pots([10, 20], [False, False], all_in=[False, False]) == [(30, ())]
    assert build_pots([10, 20], [False, False], all_in=[False, True]) == [(30, ())]


def test_pot_08_a_single_winner_takes_the_whole_pot() -> None:
    """POT-08: a pot with one winner is not split: every chip, sub-chip remainder too."""
    assert split_pot(101, [3]) == [101]
    assert split_pot(107, [0], chip_unit=5) == [107]
    assert split_pot(25, []) == []
