"""House rules of a ruleset, printed for the table (GEN-12, RPT-16)."""

from __future__ import annotations

from typing import Any

from casino.roles import Role
from poker import profiles as engine_profiles
from poker.rulings_catalogue import all_rules, get_entry

from ..params import RulesetParams
from ..registry import BuildContext, ReportSpec, register


def build(ctx: BuildContext) -> dict[str, Any]:
    ruleset = engine_profiles.Ruleset(ctx.params.get("ruleset", "manual"))
    rules = []
    for rule_id, sources in all_rules():
        entry = get_entry(rule_id)
        source = sources[ruleset]
        rules.append(
            {
                "id": rule_id,
                "section": entry.section,
                "situation": entry.situation_en if ctx.lang == "en" else entry.situation_es,
                "decision": entry.decision_en if ctx.lang == "en" else entry.decision_es,
                "source": source.source,
                "fallback": source.fallback,
            }
        )
    profile = engine_profiles.get_profile(ruleset)
    return {"ruleset": ruleset.value.upper(), "rules": rules, "profile": profile}


register(
    ReportSpec(
        kind="house_rules",
        title_es="Reglamento de la mesa",
        title_en="House rules",
        template="pdf/house_rules.html",
        params=RulesetParams,
        build=build,
        roles=frozenset(Role) - {Role.SECURITY},
        description_es="Las reglas de mesa del reglamento elegido, para tener en cada mesa (GEN-12).",
        description_en="The table rules of the chosen ruleset, to keep at every table (GEN-12).",
    )
)
