"""House rules of a ruleset, printed for the table (GEN-12, RPT-16).

A table's sheet states only its own ruleset's rules (issue 14 §5): where the
catalogue's wording compares the three rulesets, the sheet prints the ruleset's own
sentence from ``OWN_WORDS``; rules are numbered as the catalogue numbers them.
"""

from __future__ import annotations

from typing import Any

from django.utils import translation

from casino.roles import Perm
from poker import profiles as engine_profiles
from poker.rulings_catalogue import all_rules, get_entry
from tables.procedure import problem_gambling_help
from tables.selectors import ops_settings

from ..params import RulesetParams
from ..registry import BuildContext, ReportSpec, register

# Each ruleset's own wording of the rulings whose catalogue text compares the three
# (issue 14 §5: a table's house-rules sheet states only its own rules). Keyed by rule,
# then ruleset ("manual", "pba", "caba"; "*" for all three): (Spanish, English).
OWN_WORDS: dict[str, dict[str, tuple[str, str]]] = {
    "RUL-01": {
        "*": (
            "La acción declarada es la acción efectiva.",
            "The declared action is the effective action.",
        ),
        "pba": (
            "La acción declarada es la acción efectiva; una apuesta sin anunciar queda anotada como observación.",
            "The declared action is the effective action; an unannounced bet is logged as a note.",
        ),
    },
    "RUL-05": {
        "*": ("Todavía no hay acción.", "No action yet."),
        "pba": (
            "Acción mínima obligatoria: igualar si enfrenta una apuesta; si no, la apuesta mínima.",
            "A forced minimum action: a call when facing a bet, otherwise the minimum bet.",
        ),
    },
    "RUL-08": {
        "*": (
            "La apuesta vale el valor de la ficha (si no llega a la apuesta mínima, se completa hasta ella).",
            "The bet is the chip's value (completed to the minimum bet if it falls short).",
        ),
    },
    "RUL-09": {
        "manual": (
            "La subida vale las fichas puestas; si no llega a la subida mínima, se completa hasta ella.",
            "The raise is the chips put out; completed to the minimum raise when short.",
        ),
        "pba": (
            "La subida vale las fichas puestas, como máximo el valor de la ficha, y luego se aplica la regla de subida corta.",
            "The raise is the chips put out, at most the chip's value, then the short-raise rule applies.",
        ),
        "caba": (
            "La subida vale las fichas puestas, con la regla de subida corta.",
            "The raise is the chips put out, under the short-raise rule.",
        ),
    },
    "RUL-10": {
        "*": (
            "Es igualar si, al quitar una ficha, el resto ya no supera lo que se debe igualar; si no, es subida por el total con la regla de subida corta.",
            "A call if, removing one chip, the rest no longer exceeds the amount to call; otherwise a raise for the total under the short-raise rule.",
        ),
        "pba": (
            "Si llegan a la subida mínima es subida por el total; si no, se aplica la regla de subida corta.",
            "A raise for the total when it reaches the minimum raise; otherwise the short-raise rule applies.",
        ),
    },
    "RUL-13": {
        "manual": (
            "Sin límite de movimientos después de decir \u201csubo\u201d.",
            "No limit on movements after saying \u201craise\u201d.",
        ),
        "pba": ("Un movimiento más después de igualar.", "One more movement after the call."),
        "caba": ("Un único movimiento.", "A single movement."),
    },
    "RUL-16": {"*": ("Se completa hasta la subida mínima.", "Completed to the minimum raise.")},
    "RUL-17": {
        "manual": ("Debe hacer la subida mínima.", "Must make the minimum raise."),
        "pba": (
            "El monto anunciado sigue la regla de subida corta.",
            "The announced amount follows the short-raise rule.",
        ),
        "caba": (
            "Lo anunciado sin valor vale las fichas puestas, con la regla de subida corta.",
            "An announcement without value is the chips put out, under the short-raise rule.",
        ),
    },
    "RUL-19": {
        "*": ("Debe completar lo que falta para igualar.", "Must complete the call."),
        "pba": (
            "Puede retirar las fichas mientras el siguiente jugador no actuó; después, se retira perdiéndolas o paga lo correcto.",
            "May take the chips back until the next player acts; afterwards folds losing them or pays the right amount.",
        ),
    },
    "RUL-21": {
        "manual": ("La acción obliga tal como se hizo.", "The action is binding as made."),
        "pba": (
            "La apuesta espera el turno; entonces puede igualar la apuesta mayor (sin subir) o retirarse perdiendo lo puesto.",
            "The bet waits for the turn; then the player may call the highest bet (no raise) or fold losing it.",
        ),
        "caba": (
            "La apuesta es válida y el jugador no puede subir después.",
            "The bet is valid and the player may not raise later.",
        ),
    },
    "RUL-22": {
        "manual": (
            "La acción no obliga: se devuelven las fichas y el jugador tiene todas las opciones.",
            "The action is not binding: the chips are returned and every option is open.",
        ),
        "*": (
            "Las fichas quedan; solo puede igualar la apuesta mayor o retirarse perdiéndolas.",
            "The chips stay; the player may only call the highest bet or fold losing them.",
        ),
    },
    "RUL-23": {
        "*": ("La mano está muerta.", "The hand is dead."),
        "pba": (
            "La mano está muerta y se propone una sanción.",
            "The hand is dead and a sanction is proposed.",
        ),
    },
    "RUL-24": {"*": ("Dos golpes seguidos son pasar.", "Two taps in a row are a check.")},
    "RUL-26": {
        "*": (
            "A pedido, 60 segundos más 10 de cuenta regresiva; vencido el plazo, la mano está muerta.",
            "On request, 60 seconds plus a 10-second countdown; at expiry the hand is dead.",
        ),
        "caba": (
            "En cada decisión, 60 segundos más 10; vencido el plazo, la mano está muerta.",
            "On every decision, 60 seconds plus 10; at expiry the hand is dead.",
        ),
    },
    "RUL-27": {
        "*": (
            "La mano sigue viva y se propone una sanción.",
            "The hand stays live and a sanction is proposed.",
        ),
        "caba": (
            "Sanción que puede incluir anular la mano del jugador.",
            "A sanction that may annul the player's hand.",
        ),
    },
    "RUL-28": {
        "manual": (
            "La mano sigue viva, con una sanción posible.",
            "The hand stays live, a sanction is possible.",
        ),
        "pba": ("El jugador queda fuera de la mano.", "The player is out of the hand."),
        "caba": (
            "Sanción que puede incluir anular la mano del jugador.",
            "A sanction that may annul the player's hand.",
        ),
    },
    "RUL-32": {
        "*": (
            "La carta sigue en juego hasta el final de la mano y luego se cambia todo el mazo (del mismo color).",
            "The card stays in play until the hand ends, then the whole pack is replaced (same colour).",
        ),
        "pba": (
            "La carta sigue en juego hasta el final de la mano y luego se cambia todo el mazo (del mismo color). El jugador que lo supo y calló pierde el derecho al pozo y se propone una sanción.",
            "The card stays in play until the hand ends, then the whole pack is replaced (same colour). A player who knew and stayed silent loses the right to the pot and a sanction is proposed.",
        ),
    },
    "RUL-41": {
        "manual": (
            "3 % de cada pozo en las partidas con dinero; nada en los torneos.",
            "3 % of each pot in cash games; none in tournaments.",
        ),
        "pba": ("Cargo por asiento.", "A seat charge."),
        "caba": ("Un porcentaje de hasta el 5 %.", "A percentage of up to 5 %."),
    },
    "RUL-43": {
        "*": ("Se propone una sanción.", "A sanction is proposed."),
        "caba": (
            "Se propone una sanción, que puede anular la mano del jugador.",
            "A sanction is proposed; it may annul the player's hand.",
        ),
    },
    "RUL-44": {
        "*": (
            "Silenciado; para usarlo, el jugador se aparta de la mesa y conserva el asiento.",
            "Silenced; to use it the player steps away from the table and keeps the seat.",
        ),
        "caba": (
            "No se usa durante el juego; advertencia y posible retiro.",
            "Not used during play; a warning and possible removal.",
        ),
    },
    "RUL-45": {
        "*": (
            "Desde la mano siguiente, salvo que se elija el retiro inmediato por un caso grave.",
            "From the next hand, unless immediate removal is chosen for a serious case.",
        ),
        "caba": (
            "Desde la mano siguiente, salvo que se elija el retiro inmediato por un caso grave; la sanción puede anular la mano.",
            "From the next hand, unless immediate removal is chosen for a serious case; the sanction may annul the hand.",
        ),
    },
    "RUL-46": {
        "*": (
            "Las fichas deben verse siempre. Incumplirlo lleva a una propuesta de sanción.",
            "Chips must always be visible. A breach leads to a sanction proposal.",
        ),
        "pba": (
            "Las fichas deben verse siempre, las de mayor valor adelante. Incumplirlo lleva a una propuesta de sanción.",
            "Chips must always be visible, the higher values in front. A breach leads to a sanction proposal.",
        ),
    },
    "RUL-47": {
        "*": (
            "Se escala: supervisor, jefe de sector, gerencia.",
            "Escalate: supervisor, pit boss, management.",
        ),
        "pba": (
            "Se escala: supervisor, jefe de sector, la superioridad.",
            "Escalate: supervisor, pit boss, the higher authority.",
        ),
        "caba": (
            "Se escala: supervisor, jefe de sector, gerencia; la decisión de la gerencia de operaciones es definitiva.",
            "Escalate: supervisor, pit boss, management; the Operations Management's decision is final.",
        ),
    },
}


def own_words(rule_id: str, ruleset: str, lang: str) -> tuple[str, str] | None:
    """The ruleset's own (situation, decision) sentence, or None for the catalogue's."""
    words = OWN_WORDS.get(rule_id, {})
    found = words.get(ruleset) or words.get("*")
    if found is None:
        return None
    return found[1] if lang == "en" else found[0], ""


def rule_number(rule_id: str) -> str:
    """``RUL-07`` -> ``7``: the rule's number as the house-rules sheet prints it."""
    return rule_id.rpartition("-")[2].lstrip("0") or rule_id


def build(ctx: BuildContext) -> dict[str, Any]:
    ruleset = engine_profiles.Ruleset(ctx.params.get("ruleset", "manual"))
    rules = []
    for rule_id, sources in all_rules():
        entry = get_entry(rule_id)
        source = sources[ruleset]
        own = own_words(rule_id, ruleset.value, ctx.lang)
        decision = entry.decision_en if ctx.lang == "en" else entry.decision_es
        rules.append(
            {
                "id": rule_id,
                "number": rule_number(rule_id),
                "section": entry.section,
                "situation": entry.situation_en if ctx.lang == "en" else entry.situation_es,
                "decision": own[0] if own else decision,
                "source": source.source,
                "fallback": source.fallback,
            }
        )
    profile = engine_profiles.get_profile(ruleset)
    # GEN-08, CONDUCT-07: the casino's min_player_age, not a printed constant (issue 17).
    ops = ops_settings(ctx.casino)
    min_age = ops.min_player_age
    with translation.override(ctx.lang):  # CONDUCT-07: the casino's text, or the default's
        help_text = problem_gambling_help(ops)
    return {
        "ruleset": ruleset.value.upper(),
        "rules": rules,
        "profile": profile,
        "min_player_age": min_age,
        "problem_gambling_help": help_text,
    }


register(
    ReportSpec(
        kind="house_rules",
        title_es="Reglamento de la mesa",
        title_en="House rules",
        template="pdf/house_rules.html",
        params=RulesetParams,
        build=build,
        perm=Perm.VIEW_HOUSE_RULES,
        description_es="Las reglas de mesa del reglamento elegido, para tener en cada mesa (GEN-12).",
        description_en="The table rules of the chosen ruleset, to keep at every table (GEN-12).",
    )
)
