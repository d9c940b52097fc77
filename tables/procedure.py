"""The house's procedure texts of issue 17 §4: defaults the manual gives, where to read them.

SHUF-04: the shuffle is the one management or the pit boss sets
(``TableSettings.shuffle_procedure``); blank means the manual's default. CONDUCT-07:
where a player finds help for problem gambling (``OpsSettings.problem_gambling_help``);
blank means a generic text the casino is expected to replace with its jurisdiction's
service. Both are read here so that the live hand panel and the house rules PDF show
the same words.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

# SHUF-04, A-35 (§6.1(f), §6.6(5)): the manual's shuffle at the start of each hand.
DEFAULT_SHUFFLE = _(
    "Wash the cards, three riffles, a box (at least three times), two more riffles; "
    "then square the edges of the pack to confirm its integrity."
)
# CONDUCT-07: the casino sets its own text (service, phone, web address).
DEFAULT_HELP = _(
    "If gambling stops being entertainment, ask for help: the casino's customer service "
    "will put you in touch with the responsible gaming service of your jurisdiction."
)


def shuffle_procedure(settings: Any) -> str:
    """The shuffle in force under a settings version (SHUF-04), in the active language
    when it is the manual's default (the house's own text is shown as written)."""
    text = (getattr(settings, "shuffle_procedure", "") or "").strip()
    return text or str(DEFAULT_SHUFFLE)


def problem_gambling_help(ops: Any) -> str:
    """Where help for problem gambling can be found (CONDUCT-07)."""
    text = (getattr(ops, "problem_gambling_help", "") or "").strip()
    return text or str(DEFAULT_HELP)
