"""Catalogue of the floor rulings RUL-01..RUL-67 (``rulings.md``), for pages and PDFs.

Each entry says, in Mesa's own words (never the seeds' text), the situation and
how Mesa decides it, in Spanish and English, plus where each ruleset states its
rule. A ruleset whose extract is silent on a point (``None`` below) falls back
to the manual's rule (GEN-03); :func:`rule_source` reports that fall-back.
"""

from __future__ import annotations

from dataclasses import dataclass

from poker.profiles import Ruleset
from poker.rulings_common import Lang

MANUAL_SEED = "000_02038f08362622ef.txt"
REG_SEED = "001_d78a37e40a115e1d.txt"
SEED_004 = "004_f3eb098a66594dc6.txt"
SEED_003 = "003_5d268cfcae27b2c6.txt"
# Where the manual is silent and Mesa uses a recommended house default instead.
HOUSE_DEFAULT = "open-questions.md"


def _m(ref: str) -> str:
    return f"{MANUAL_SEED} {ref}"


def _r(ref: str) -> str:
    return f"{REG_SEED} {ref}"


@dataclass(frozen=True, slots=True)
class RuleEntry:
    rule_id: str
    section: str  # A..G as in rulings.md
    differs: bool  # the matrix's ⚠: the rulesets' outcomes differ
    manual: str | None  # source of the MANUAL rule; None = the manual is silent
    pba: str | None  # None = the PBA extract is silent (fall back to MANUAL)
    caba: str | None  # None = the CABA extract is silent (fall back to MANUAL)
    situation_es: str
    situation_en: str
    decision_es: str
    decision_en: str

    def source_for(self, ruleset: Ruleset) -> str | None:
        if ruleset is Ruleset.PBA:
            return self.pba
        if ruleset is Ruleset.CABA:
            return self.caba
        return self.manual


@dataclass(frozen=True, slots=True)
class RuleSource:
    """The source a table of ``ruleset`` decides ``rule_id`` by."""

    rule_id: str
    source: str
    fallback: bool  # the table's own ruleset is silent; another rule was borrowed (GEN-03)


_E = RuleEntry
_ENTRIES: tuple[RuleEntry, ...] = (
    # A. Words, chips and binding actions
    _E(
        "RUL-01",
        "A",
        False,
        _m('§7.4(10)(d), (l), §5.3 "Raise"'),
        _r('§"Qué vuelve obligatoria una apuesta", §"La palabra dicha"'),
        _r('§"La palabra dicha"'),
        "Un jugador declara su acción en turno.",
        "A player states an action in turn.",
        "La acción declarada es la acción efectiva en las tres reglas; en PBA una apuesta sin anunciar queda anotada como observación.",
        "The declared action is the effective action under all three rulesets; on PBA an unannounced bet is logged as a note.",
    ),
    _E(
        "RUL-02",
        "A",
        False,
        _m("§7.4(10)(d)"),
        _r('§"Qué vuelve obligatoria una apuesta"'),
        _r('§"Un igualar con fichas de menos"'),
        "Las palabras y las fichas no coinciden.",
        "Words and chips disagree.",
        "Valen las palabras; Mesa calcula las fichas que faltan o el cambio a devolver.",
        "The words stand; Mesa computes the chips to add or the change to return.",
    ),
    _E(
        "RUL-03",
        "A",
        False,
        _m("§7.4(10)(d)"),
        _r('§"Una ficha más grande sin decir palabra"'),
        None,
        "Momento de la declaración respecto de las fichas.",
        "When the words come relative to the chips.",
        "Una declaración cuenta si llega antes de que las fichas toquen el paño; si llega después, las fichas se leen como fichas sin palabra.",
        "A declaration counts when it comes before the chips touch the felt; afterwards the chips are read as silent chips.",
    ),
    _E(
        "RUL-04",
        "A",
        False,
        _m('§5.3 "Raise"'),
        _r('§"Fichas sin palabra"'),
        _r('§"Fichas sin palabra"'),
        "Fichas puestas sin decir nada (regla general).",
        "Chips put out without a word (general rule).",
        "Las fichas valen lo que suman y luego se aplican las reglas particulares de fichas.",
        "The chips are worth their total value, then the specific chip rulings apply.",
    ),
    _E(
        "RUL-05",
        "A",
        True,
        _m("§7.4(10)(n)"),
        _r('§"Qué vuelve obligatoria una apuesta", §"Fichas sin palabra"'),
        None,
        "El jugador lleva la mano con fichas hacia el pozo pero no las suelta.",
        "The player moves a hand holding chips towards the pot without letting go.",
        "MANUAL y CABA: todavía no hay acción. PBA: acción mínima obligatoria (igualar si enfrenta apuesta, si no la apuesta mínima).",
        "MANUAL and CABA: no action yet. PBA: a forced minimum action (a call when facing a bet, otherwise the minimum bet).",
    ),
    _E(
        "RUL-06",
        "A",
        False,
        _m("§7.4(10)(i)"),
        _r('§"Una ficha más grande sin decir palabra"'),
        _r('§"Una ficha más grande sin decir palabra"'),
        "Una sola ficha mayor que la apuesta, sin palabra, antes del flop.",
        "One chip larger than the bet, silent, before the flop.",
        "Es igualar; el excedente se devuelve como cambio.",
        "It is a call; the excess is returned as change.",
    ),
    _E(
        "RUL-07",
        "A",
        False,
        _m("§7.4(10)(i)"),
        _r('§"Una ficha más grande sin decir palabra"'),
        _r('§"Una ficha más grande sin decir palabra"'),
        "Una sola ficha mayor que la apuesta, sin palabra, después del flop.",
        "One chip larger than the bet, silent, after the flop.",
        "Es igualar en cualquier ronda; el excedente se devuelve.",
        "It is a call on any street; the excess is returned.",
    ),
    _E(
        "RUL-08",
        "A",
        False,
        _m('§5.3 "Raise"'),
        _r('§"Una ficha más grande sin decir palabra"'),
        None,
        "Una sola ficha como apuesta de apertura sin palabra.",
        "One chip put out silently as the opening bet.",
        "La apuesta vale el valor de la ficha en las tres reglas (si no llega a la apuesta mínima, se completa hasta ella).",
        "The bet is the chip's value under all three rulesets (completed to the minimum bet if it falls short).",
    ),
    _E(
        "RUL-09",
        "A",
        True,
        _m("§7.4(10)(k), (m)"),
        _r('§"Una ficha más grande sin decir palabra"'),
        _r('§"Fichas sin palabra"'),
        'Ficha mayor con la palabra "subo" pero sin monto.',
        'A larger chip with the word "raise" but no amount.',
        "La subida vale las fichas puestas. MANUAL: si no llega a la subida mínima se completa hasta ella. PBA: como máximo el valor de la ficha y luego la regla de subida corta. CABA: el valor de las fichas con la regla de subida corta del manual.",
        "The raise is the chips put out. MANUAL: completed to the minimum raise when short. PBA: at most the chip's value, then the short-raise rule. CABA: the chips' value with the manual's short-raise rule.",
    ),
    _E(
        "RUL-10",
        "A",
        True,
        _m("§7.4(10)(j)"),
        _r('§"Tres maneras de hacer una subida"'),
        None,
        "Varias fichas del mismo valor, sin palabra, por encima de lo que hay que igualar.",
        "Several chips of the same value, silent, above the amount to call.",
        "MANUAL y CABA: igualar si al quitar una ficha el resto ya no supera lo que se debe igualar; si no, subida por el total con la regla de subida corta. PBA: si llegan a la subida mínima es subida por el total; si no, regla de subida corta.",
        "MANUAL and CABA: a call if, removing one chip, the rest no longer exceeds the amount to call; otherwise a raise for the total under the short-raise rule. PBA: a raise for the total when it reaches the minimum raise, otherwise the short-raise rule.",
    ),
    _E(
        "RUL-11",
        "A",
        False,
        _m("§7.4(10)(k)"),
        _r('§"Tres maneras de hacer una subida", §"Una subida corta"'),
        None,
        "Varias fichas de distinto valor, sin palabra, por encima de lo que hay que igualar.",
        "Several chips of different values, silent, above the amount to call.",
        "Subida completa o más: subida por el total; por debajo, regla de subida corta.",
        "A full raise or more is a raise for the total; below that, the short-raise rule.",
    ),
    _E(
        "RUL-12",
        "A",
        False,
        _m("§7.4(10)(h)"),
        _r('§"La respuesta corta", §"Decí cuánto subís y después mové las fichas"'),
        _r('§"Fichas sin palabra"'),
        "Subida en etapas: fichas en más de un movimiento sin declaración previa.",
        "String raise: chips in more than one movement without a prior declaration.",
        "No es una subida. Mesa propone que cuente solo el primer movimiento (leído con las reglas de fichas) y devuelve el resto; el supervisor confirma o corrige.",
        "It is not a raise. Mesa proposes that only the first movement counts (read with the chip rulings) and returns the rest; the supervisor confirms or overrides.",
    ),
    _E(
        "RUL-13",
        "A",
        True,
        _m("§7.4(10)(m)"),
        _r('§"Tres maneras de hacer una subida"'),
        _r('§"Fichas sin palabra"'),
        'Formas válidas de subir y movimientos permitidos después de decir "subo".',
        'The legal ways to raise and the movements allowed after saying "raise".',
        'MANUAL: sin límite de movimientos tras decir "subo". PBA: un movimiento más después de igualar. CABA: un único movimiento.',
        'MANUAL: no limit on movements after saying "raise". PBA: one more movement after the call. CABA: a single movement.',
    ),
    # B. Size of raises
    _E(
        "RUL-14",
        "B",
        False,
        _m("§7.4(10)(k)"),
        _r('§"Una subida corta"'),
        None,
        "Subida corta de exactamente el 50 % del incremento mínimo.",
        "Short raise of exactly 50 % of the minimum increment.",
        "Se completa hasta la subida mínima.",
        "Completed to the minimum raise.",
    ),
    _E(
        "RUL-15",
        "B",
        False,
        _m("§7.4(10)(k)"),
        _r('§"Una subida corta"'),
        None,
        "Subida corta de menos del 50 %.",
        "Short raise of less than 50 %.",
        "Es igualar; el excedente se devuelve.",
        "It is a call; the excess is returned.",
    ),
    _E(
        "RUL-16",
        "B",
        False,
        _m("§7.4(10)(k)"),
        None,
        None,
        "Subida corta entre el 50 % y la subida completa.",
        "Short raise above 50 % but below a full raise.",
        "Se completa hasta la subida mínima en las tres reglas.",
        "Completed to the minimum raise under all three rulesets.",
    ),
    _E(
        "RUL-17",
        "B",
        True,
        _m("§7.4(10)(k)"),
        _r('§"Una ficha más grande sin decir palabra"'),
        _r('§"Fichas sin palabra"'),
        'Se anuncia "subo" (o un monto) por debajo de la subida mínima.',
        'A player announces "raise" (or an amount) below the minimum raise.',
        "MANUAL: debe hacer la subida mínima. PBA: el monto anunciado sigue la regla de subida corta. CABA: lo anunciado sin valor vale las fichas, con la regla de subida corta del manual.",
        "MANUAL: must make the minimum raise. PBA: the announced amount follows the short-raise rule. CABA: an announcement without value is the chips put out, with the manual's short-raise rule.",
    ),
    _E(
        "RUL-18",
        "B",
        False,
        _m("§7.4(10)(c)"),
        None,
        None,
        "All-in por menos de una subida completa: ¿se puede volver a subir?",
        "All-in for less than a full raise: may others re-raise?",
        "No reabre la apuesta para quien ya actuó, salvo que varios all-in sumen una subida completa; la variante de 004 (nadie vuelve a subir) es un ajuste del perfil.",
        "It does not reopen the betting for players who already acted unless several short all-ins add up to a full raise; 004's stricter variant is a profile setting.",
    ),
    # C. Calls, turn order and time
    _E(
        "RUL-19",
        "C",
        True,
        _m("§7.4(10)(l)"),
        _r('§"Un igualar con fichas de menos"'),
        _r('§"Un igualar con fichas de menos"'),
        "Igualar con fichas de menos, sin palabra, por entender mal el monto.",
        "Silently under-calling a bet after misreading the amount.",
        "MANUAL y CABA: debe completar el igualar. PBA: puede retirar las fichas mientras el siguiente no actuó; después, se retira perdiéndolas o paga lo correcto.",
        "MANUAL and CABA: must complete the call. PBA: may take the chips back until the next player acts; afterwards folds losing them or pays the right amount.",
    ),
    _E(
        "RUL-20",
        "C",
        False,
        _m("§7.4(10)(d)"),
        _r('§"Qué vuelve obligatoria una apuesta"'),
        _r('§"Un igualar con fichas de menos"'),
        'Dice "igualo" y pone fichas de menos.',
        'Says "call" and puts in too few chips.',
        "Valen las palabras: se completa el igualar.",
        "The words stand: the call is completed.",
    ),
    _E(
        "RUL-21",
        "C",
        True,
        _m("§7.4(10)(f)"),
        _r('§"Una apuesta fuera de turno"'),
        _r('§"Una apuesta fuera de turno"'),
        "Acción fuera de turno sin apuesta ni subida intermedia.",
        "Out-of-turn action with no bet or raise in between.",
        "MANUAL: obliga tal como se hizo. PBA: la apuesta espera el turno; entonces puede igualar la mayor (sin subir) o retirarse perdiendo lo puesto. CABA: la apuesta es válida y no puede subir después.",
        "MANUAL: binding as made. PBA: the bet waits for the turn; then the player may call the highest bet (no raise) or fold losing it. CABA: the bet is valid and the player may not raise later.",
    ),
    _E(
        "RUL-22",
        "C",
        True,
        _m("§7.4(10)(f)"),
        _r('§"Una apuesta fuera de turno"'),
        _r('§"Una apuesta fuera de turno"'),
        "Acción fuera de turno y un jugador salteado apuesta o sube antes.",
        "Out-of-turn action and a skipped player then bets or raises.",
        "MANUAL: no obliga; se devuelven las fichas y el jugador tiene todas las opciones. PBA y CABA: las fichas quedan; solo puede igualar la apuesta mayor o retirarse perdiéndolas.",
        "MANUAL: not binding; chips returned and every option open. PBA and CABA: the chips stay; the player may only call the highest bet or fold losing them.",
    ),
    _E(
        "RUL-23",
        "C",
        False,
        _m("§7.4(10)(f), §7.6(a)–(b)"),
        _r('§"Un solo jugador por mano"'),
        None,
        "Retiro fuera de turno; el jugador deja el asiento antes de completar su acción.",
        "Out-of-turn fold; the player leaves the seat before completing the action.",
        "Mano muerta en las tres reglas; en PBA además se propone una sanción.",
        "A dead hand under all three rulesets; PBA adds a sanction proposal.",
    ),
    _E(
        "RUL-24",
        "C",
        False,
        _m("§7.4(10)(e)"),
        None,
        None,
        "El jugador golpea la mesa.",
        "The player taps the table.",
        "Dos golpes seguidos son pasar; en mesas PBA y CABA se aplica la regla del manual marcada como supletoria.",
        "Two taps in a row are a check; on PBA and CABA tables the manual's rule applies, flagged as a fall-back.",
    ),
    _E(
        "RUL-25",
        "C",
        False,
        _m("§7.4(10)(g)"),
        None,
        None,
        'El jugador pide "tiempo" o es salteado.',
        'The player asks for "time" or is skipped.',
        'Decir "tiempo" retiene el turno; si actuaron tres jugadores después de un jugador callado, este ya no puede apostar ni subir.',
        'Saying "time" holds the turn; once three players have acted after a silent player, that player may no longer bet or raise.',
    ),
    _E(
        "RUL-26",
        "C",
        True,
        _m("§7.5(5)(d), §7.6(d)"),
        _r('§"El reloj", §"Un error y quién tiene la última palabra"'),
        _r('§"El reloj"'),
        "El reloj.",
        "The clock.",
        "MANUAL y PBA: a pedido, 60 s más 10 s de cuenta regresiva; CABA: en cada decisión, 60 s más 10 s. Vencido el plazo, la mano está muerta (CABA por la regla del manual).",
        "MANUAL and PBA: on request, 60 s plus a 10 s countdown; CABA: on every decision, 60 s plus 10 s. At expiry the hand is dead (CABA by the manual's rule).",
    ),
    # D. Cards, showing and protecting the hand
    _E(
        "RUL-27",
        "D",
        True,
        _m("§8.6(e)"),
        _r('§"No mostrar una mano en juego"'),
        _r('§"Sin hablar, sin aconsejar"'),
        "El jugador muestra sus cartas durante la mano (sin enfrentar apuesta).",
        "A player shows cards during the hand (not facing a bet).",
        "MANUAL y PBA: la mano sigue viva y se propone sanción. CABA: sanción que puede incluir anular la mano del jugador.",
        "MANUAL and PBA: the hand stays live and a sanction is proposed. CABA: a sanction that may annul the player's hand.",
    ),
    _E(
        "RUL-28",
        "D",
        True,
        _m("§8.6(e)"),
        _r('§"Un solo jugador por mano", §"No mostrar una mano en juego"'),
        _r('§"Sin hablar, sin aconsejar"'),
        "El jugador muestra sus cartas antes de responder a una apuesta.",
        "A player shows cards before answering a bet.",
        "MANUAL: la mano sigue viva, con sanción posible. PBA: el jugador queda fuera de la mano. CABA: como RUL-27.",
        "MANUAL: the hand stays live, sanction possible. PBA: the player is out of the hand. CABA: as RUL-27.",
    ),
    _E(
        "RUL-29",
        "D",
        False,
        _m("§8.2(9)"),
        None,
        None,
        "Un jugador llega a ver una carta de otro.",
        "A player gets to see another player's card.",
        "La carta se muestra a todos los jugadores.",
        "The card is shown to every player.",
    ),
    _E(
        "RUL-30",
        "D",
        False,
        _m("§7.7, §7.5(5)(e)"),
        _r('§"Proteger tu mano"'),
        _r('§"Proteger tu mano"'),
        "El croupier mata una mano no protegida.",
        "The dealer kills an unprotected hand.",
        "Mano muerta sin devolución, salvo la parte no igualada de la última apuesta o subida del jugador.",
        "A dead hand with no refund, except the unmatched part of the player's last bet or raise.",
    ),
    _E(
        "RUL-31",
        "D",
        False,
        _m("§7.7"),
        _r('§"Proteger tu mano"'),
        _r('§"Proteger tu mano"'),
        "Otros ven las cartas porque el jugador no las cubrió.",
        "Others see the cards because the player did not shield them.",
        "No hay reparación para el jugador; el juego sigue.",
        "No remedy for the player; play goes on.",
    ),
    _E(
        "RUL-32",
        "D",
        True,
        _m("§6.5(k)–(l), §7.7"),
        _r('§"Una carta defectuosa", §"Avisarle al croupier"'),
        None,
        "Se encuentra una carta defectuosa.",
        "A defective card is found.",
        "La carta sigue en juego hasta el final de la mano y luego se cambia todo el mazo (mismo color). En PBA, el jugador que lo supo y calló pierde el derecho al pozo y se propone sanción.",
        "The card stays in play until the hand ends, then the whole pack is replaced (same colour). On PBA, a player who knew and stayed silent loses the right to the pot and a sanction is proposed.",
    ),
    _E(
        "RUL-33",
        "D",
        False,
        _m("§7.7"),
        None,
        None,
        "Carta con reverso de otro color.",
        "A card with a different-coloured back.",
        "En la mano de un jugador: mano nula y se devuelven todas las fichas. Si está entre las cartas sin repartir, se sigue jugando la mano completa. En ambos casos se cambia el mazo después.",
        "In a player's hand: the hand is void and all chips are returned. In the stub: the hand is played out. Either way the pack is replaced afterwards.",
    ),
    _E(
        "RUL-34",
        "D",
        False,
        _m("§7.7"),
        None,
        None,
        "Dos cartas idénticas en una mano.",
        "Two identical cards in one hand.",
        "Mano nula y devolución; quien lo sabía y apostó o subió pierde la devolución: sus fichas pasan a un pozo para la mano siguiente, solo para los jugadores de la mano anulada.",
        "The hand is void and chips returned; a player who knew and bet or raised loses the refund: those chips form a pot for the next hand, open only to the voided hand's players.",
    ),
    _E(
        "RUL-35",
        "D",
        False,
        _m("§8.2(4), §8.3(j)"),
        _r('§"Antes de irte", §"Un error y quién tiene la última palabra"'),
        None,
        "El jugador se va (o tira la mano) antes de que se adjudique el pozo.",
        "A player leaves (or throws the hand away) before the pot is awarded.",
        "Pierde el derecho al pozo.",
        "The player forfeits the pot.",
    ),
    _E(
        "RUL-36",
        "D",
        False,
        _m("§7.6(b)"),
        _r('§"Una mano muerta"'),
        None,
        "Cartas empujadas hacia adelante o hacia el croupier.",
        "Cards pushed forward or towards the dealer.",
        "Mano muerta; el jugador pierde todo derecho al pozo.",
        "A dead hand; the player loses every right to the pot.",
    ),
    # E. Showdown, pots and commission
    _E(
        "RUL-37",
        "E",
        False,
        _m("§8.2(5)"),
        None,
        None,
        "Lo que el jugador dice de su mano en el showdown.",
        "What a player says about the hand at the showdown.",
        "Las cartas hablan; decir una mano falsa a propósito para que otro tire una ganadora puede sancionarse.",
        "The cards speak; deliberately misstating a hand to get a winner mucked may be sanctioned.",
    ),
    _E(
        "RUL-38",
        "E",
        False,
        _m("§8.2(8)"),
        None,
        None,
        "Un jugador pide ver una mano perdedora o tirada.",
        "A player asks to see a losing or mucked hand.",
        "No se permite, salvo cuando algún jugador está all-in.",
        "Not allowed, except when a player is all-in.",
    ),
    _E(
        "RUL-39",
        "E",
        False,
        _m("§8.3(g)–(h)"),
        None,
        None,
        "Un jugador all-in cubierto tenía fichas escondidas.",
        "A covered all-in player is found to have hidden chips.",
        "Si se descubre antes de la mano siguiente, las fichas van al ganador; después, sanción (partida con dinero) o eliminación (torneo).",
        "Found before the next hand: the chips go to the winner; after it begins: a sanction (cash game) or elimination (tournament).",
    ),
    _E(
        "RUL-40",
        "E",
        False,
        _m("§8.2(12)"),
        None,
        None,
        "Ficha impar en un pozo repartido.",
        "Odd chip in a split pot.",
        "La ficha de menor valor sobrante va al primer ganador a la izquierda del botón, una por jugador, cada pozo por separado.",
        "The leftover lowest-value chip goes to the first tied player left of the button, one each, each pot separately.",
    ),
    _E(
        "RUL-41",
        "E",
        True,
        _m("§8.3(l)"),
        _r('§"Lecturas complementarias"'),
        _r('§"Lecturas complementarias"'),
        "Comisión de la casa.",
        "House commission.",
        "MANUAL: 3 % de cada pozo en las partidas con dinero, nada en torneos. PBA: cargo por asiento. CABA: porcentaje de hasta el 5 %.",
        "MANUAL: 3 % of each pot in cash games, none in tournaments. PBA: a seat charge. CABA: a percentage of up to 5 %.",
    ),
    # F. Conduct and authority
    _E(
        "RUL-42",
        "F",
        False,
        _m("§8.3(c), (f)"),
        _r('§"Un solo jugador por mano"'),
        _r('§"Un solo jugador por mano"'),
        "Jugador ausente; alguien actúa por otro.",
        "An absent player; someone acting for another player.",
        "Al ausente se le ponen las ciegas y se le reparte; si no está al terminar el reparto, su mano muere. Nadie apuesta por otro.",
        "The absent player's blinds are posted and cards dealt; if not back when the deal ends the hand is killed. Nobody bets for another.",
    ),
    _E(
        "RUL-43",
        "F",
        True,
        _m("§8.6(f)–(g)"),
        _r('§"Sin conversación, sin consejos, sin señas"'),
        _r('§"Sin hablar, sin aconsejar"'),
        "Comentarios, consejos o señas sobre una mano.",
        "Comments, advice or signals about a hand.",
        "Se propone sanción; en CABA la sanción puede anular la mano del jugador.",
        "A sanction is proposed; under CABA it may annul the player's hand.",
    ),
    _E(
        "RUL-44",
        "F",
        True,
        None,
        _r('§"Celulares en la mesa"'),
        _r('§"Celulares en la mesa"'),
        "Teléfono celular en la mesa.",
        "Mobile phone at the table.",
        "PBA: silenciado, y para usarlo el jugador se aparta reservando el asiento. CABA: prohibido en juego; advertencia y posible retiro. MANUAL: sin regla; por defecto el criterio de PBA.",
        "PBA: silenced; to use it the player steps away keeping the seat. CABA: not used during play; warning and possible removal. MANUAL: no rule; PBA's behaviour by default.",
    ),
    _E(
        "RUL-45",
        "F",
        True,
        _m("§8.6(e)"),
        _r('§"Una penalidad llega después de la mano"'),
        _r('§"Sin hablar, sin aconsejar"'),
        "Cuándo empieza una sanción.",
        "When a penalty takes effect.",
        "Desde la mano siguiente, salvo que se elija el retiro inmediato por un caso grave; en CABA la sanción puede anular la mano.",
        "From the next hand, unless immediate removal is chosen for a serious case; under CABA the sanction may annul the hand.",
    ),
    _E(
        "RUL-46",
        "F",
        False,
        _m("§8.3(i)"),
        _r('§"Un solo jugador por mano"'),
        _r('§"Un solo jugador por mano"'),
        "Fichas a la vista y ordenadas.",
        "Chips visible and arranged.",
        "Las fichas deben verse siempre; PBA pide además las de mayor valor adelante. Incumplirlo lleva a una propuesta de sanción.",
        "Chips must always be visible; PBA also wants the higher values in front. A breach leads to a sanction proposal.",
    ),
    _E(
        "RUL-47",
        "F",
        False,
        _m("§6.3(13), §8.6"),
        _r('§"Quién decide"'),
        _r('§"Quién decide"'),
        "Situación no prevista o disputa de interpretación.",
        "A situation the rules do not cover, or a dispute of interpretation.",
        "Se escala: supervisor, jefe de sector, gerencia (PBA: la superioridad). En CABA la decisión de la gerencia de operaciones es definitiva.",
        "Escalate: supervisor, pit boss, management (PBA: the higher authority). Under CABA the Operations Management's decision is final.",
    ),
    _E(
        "RUL-48",
        "F",
        False,
        _m("§8.6(a), (c), (h)"),
        _r('§"Un solo jugador por mano", §"Sin hablar, sin aconsejar"'),
        _r('§"Un solo jugador por mano"'),
        "Colusión, juego suave, préstamo de fichas.",
        "Collusion, soft play, lending chips.",
        "Prohibido; la sanción es obligatoria.",
        "Forbidden; the sanction is mandatory.",
    ),
    # G. Procedural rulings stated only by the manual
    _E(
        "RUL-49",
        "G",
        False,
        _m("§7.5(1)–(2)"),
        None,
        None,
        "Error de reparto antes de que haya acción.",
        "A deal error before there is action.",
        "Reparto erróneo: se recogen las cartas, se baraja y se reparte de nuevo con el mismo botón y las mismas ciegas.",
        "Misdeal: the cards are gathered, reshuffled and redealt with the same button and blinds.",
    ),
    _E(
        "RUL-50",
        "G",
        False,
        _m("§7.5(3), §7.7"),
        None,
        None,
        "El mismo error después de que actuaron dos jugadores.",
        "The same error after two players have acted.",
        "No hay reparto erróneo; la mano se juega y quien tiene cartas de más o de menos tiene mano muerta sin devolución.",
        "No misdeal; the hand is played out and a player with too many or too few cards has a dead hand with no refund.",
    ),
    _E(
        "RUL-51",
        "G",
        False,
        _m("§7.5(4)"),
        None,
        None,
        "El croupier declara por error un reparto erróneo después de la acción y un jugador tira sus cartas.",
        "The dealer wrongly calls a misdeal after action and a player throws the cards away.",
        "Se trata como un reparto erróneo válido.",
        "It is treated as a valid misdeal.",
    ),
    _E(
        "RUL-52",
        "G",
        False,
        _m("§7.7"),
        None,
        None,
        "El croupier expone o deja caer una carta durante el reparto.",
        "The dealer exposes or drops a card during the deal.",
        "Se sigue repartiendo y la carta se reemplaza por la que iba a quemarse antes del flop; el jugador no elige. Una carta vista a medias se muestra primero a todos.",
        "Dealing continues and the card is replaced by the pre-flop burn card; the player cannot choose. A half-seen card is first shown to everyone.",
    ),
    _E(
        "RUL-53",
        "G",
        False,
        _m('§7.7, §7.5(1)(c), §5.3 "Boxed Card"'),
        None,
        None,
        "Carta boca arriba en el mazo durante el reparto.",
        "A face-up card in the deck during the deal.",
        "Una: se descarta como un papel y se da la siguiente (si ya se repartió, regla de carta expuesta). Dos o más: reparto erróneo.",
        "One: discarded like scrap paper and the next card dealt (if already dealt, the exposed-card rule). Two or more: a misdeal.",
    ),
    _E(
        "RUL-54",
        "G",
        False,
        _m("§7.7"),
        None,
        None,
        "Comodín o carta ilegal.",
        "A joker or illegal card.",
        "Si iba a quedar expuesta se descarta como un papel; si la recibió un jugador es carta expuesta; si ya hubo acción, ese jugador tiene mano muerta.",
        "Discarded like scrap paper if it would be exposed; if dealt to a player it is an exposed card; after action that player's hand is dead.",
    ),
    _E(
        "RUL-55",
        "G",
        False,
        _m("§7.7"),
        None,
        None,
        "El jugador expone o deja caer una de sus cartas.",
        "A player exposes or drops one of their own cards.",
        "Debe jugar con esa carta.",
        "The player must play it.",
    ),
    _E(
        "RUL-56",
        "G",
        False,
        _m("§7.5(6)"),
        None,
        None,
        "Flop expuesto antes de terminar la acción previa al flop.",
        "Flop exposed before the pre-flop action is finished.",
        "Flop nulo: se termina la acción, se mezcla el resto con ese flop (sin quemadas ni cartas tiradas), se corta y se saca un flop nuevo sin quemar.",
        "Void flop: finish the action, shuffle the stub with that flop (no burn or folded cards), cut and deal a new flop without burning.",
    ),
    _E(
        "RUL-57",
        "G",
        False,
        _m("§7.5(7)–(8)"),
        None,
        None,
        "Flop de cuatro cartas o más.",
        "A flop of four or more cards.",
        "Cuatro: el personal elige una al azar boca abajo como quemada antes del turn y las otras tres son el flop. Más de cuatro: reparto erróneo.",
        "Four: staff pick one at random face down as the burn before the turn and the other three are the flop. More than four: a misdeal.",
    ),
    _E(
        "RUL-58",
        "G",
        False,
        _m("§7.5(9)"),
        None,
        None,
        "Turn expuesto antes de terminar la acción del flop.",
        "Turn exposed before the flop action is finished.",
        "Turn nulo y apartado; se termina la acción, se quema y la siguiente carta es el turn; para el river se mezcla (con el turn nulo, sin quemadas), se corta y se saca sin quemar.",
        "The turn is void and set aside; finish the action, burn and deal the next card as the turn; for the river shuffle (with the void turn, no burn cards), cut and deal without burning.",
    ),
    _E(
        "RUL-59",
        "G",
        False,
        _m("§7.5(10)"),
        None,
        None,
        "No se quemó carta o se quemó más de una.",
        "No burn, or more than one burn.",
        "Se corrige si no hubo acción en esa ronda; si la hubo, la mesa queda y lo que sigue se reparte como si no hubiera habido error; con un all-in y cartas expuestas se restituye la mesa original.",
        "Corrected if there was no action on that street; otherwise the board stands and the rest is dealt as if there had been no error; with an all-in and exposed cards the original board is restored.",
    ),
    _E(
        "RUL-60",
        "G",
        False,
        _m("§7.5(3)(m)–(n)"),
        None,
        None,
        "El botón avanzó dos asientos o no avanzó.",
        "The button moved two seats, or did not move.",
        "Si se nota en la mano siguiente, el botón va al asiento intermedio y después avanza dos. Si no se movió, o ya pasaron más manos, no se corrige.",
        "If noticed during the next hand, the button goes to the seat between and then moves on two seats. If it did not move, or more hands were played, nothing is corrected.",
    ),
    _E(
        "RUL-61",
        "G",
        False,
        _m("§7.7"),
        None,
        None,
        "Faltan cartas en el mazo.",
        "Cards are missing from the pack.",
        "Las manos jugadas, incluida la actual, son válidas; el mazo se cambia después.",
        "The hands played, the current one included, stand; the pack is replaced afterwards.",
    ),
    _E(
        "RUL-62",
        "G",
        False,
        _m("§8.2(7)"),
        None,
        None,
        "El croupier mata por error la mano ganadora.",
        "The dealer kills the winning hand by mistake.",
        "La mano sigue siendo válida cuando se descubre el error, salvo que ya haya empezado otra mano.",
        "The hand is still valid when the error is found, unless a new hand has begun.",
    ),
    _E(
        "RUL-63",
        "G",
        False,
        _m("§8.2(13)"),
        None,
        None,
        "Nadie iguala una apuesta.",
        "Nobody calls a bet.",
        "Sin showdown: el apostador se lleva el pozo menos la comisión, y la parte no igualada vuelve a él; puede mostrar o no.",
        "No showdown: the bettor takes the pot less commission and gets the uncalled part back; showing is optional.",
    ),
    _E(
        "RUL-64",
        "G",
        False,
        _m("§7.7"),
        None,
        None,
        "El jugador no miró sus cartas hasta su turno y la mano es ilegal.",
        "A player did not look at the cards until their turn and the hand is illegal.",
        "El riesgo es del jugador: mano muerta si ya hubo acción.",
        "The player bears the risk: a dead hand if there has been action.",
    ),
    _E(
        "RUL-65",
        "G",
        False,
        _m("§7.6(f)"),
        None,
        None,
        "Cartas tiradas se mezclan con las de un jugador activo.",
        "Folded cards mix with a live player's cards.",
        "La mano de ese jugador está muerta.",
        "That player's hand is dead.",
    ),
    _E(
        "RUL-66",
        "G",
        False,
        _m("§7.5(11)"),
        None,
        None,
        "El resto del mazo se desarma.",
        "The stub is scattered.",
        "Se reconstruye lo mejor posible y se sigue.",
        "It is rebuilt as well as possible and play goes on.",
    ),
    _E(
        "RUL-67",
        "G",
        False,
        _m("§7.7"),
        None,
        None,
        "Los jugadores opinan sobre una irregularidad.",
        "Players offer opinions on an irregularity.",
        "Los jugadores no deciden; el personal aplica las reglas.",
        "Players have no say; staff apply the rules.",
    ),
)

CATALOGUE: dict[str, RuleEntry] = {e.rule_id: e for e in _ENTRIES}
RULE_IDS: tuple[str, ...] = tuple(e.rule_id for e in _ENTRIES)

# Requirement IDs the rulings layer may cite besides RUL-xx, with their sources.
REQUIREMENT_SOURCES: dict[str, str] = {
    "BET-03": _m("§7.4(10)(b)"),
    "BET-07": _m('§8.4 "Texas Hold\'em pot limit", §7.4(10)(o)'),
    "BET-08": _m('§8.4 "Texas Hold\'em con límite"'),
    "BET-09": _m("§7.4(7)"),
    "BET-10": _m("§7.4(10)(c)"),
    "BET-11": _m('§5.3 "Table Stakes"'),
    "HREC-03": "requirements.md HREC-03",
    "DECK-13": _m("§6.5(k)–(l)"),
    "MISDEAL-02": _m("§7.5(1)"),
    "MISDEAL-03": _m("§7.5(2)–(3), §7.7"),
    "MISDEAL-04": _m('§5.3 "Misdeal"'),
    "POT-09": _m("§7.7"),
    "SANC-10": _m("§8.6(a)–(h)"),
    "OQ-37": f"{HOUSE_DEFAULT} OQ-37",
    "OQ-38": _m("§8.3(c), (f)"),
    "OQ-46": f"{HOUSE_DEFAULT} OQ-46",
}


def get_entry(rule_id: str) -> RuleEntry:
    try:
        return CATALOGUE[rule_id]
    except KeyError:
        raise KeyError(f"unknown rule id: {rule_id!r}") from None


def rule_source(rule_id: str, ruleset: Ruleset) -> RuleSource:
    """Where a table of ``ruleset`` takes ``rule_id`` from, and whether it is a fall-back."""
    if rule_id not in CATALOGUE:
        return RuleSource(rule_id, REQUIREMENT_SOURCES.get(rule_id, rule_id), False)
    entry = CATALOGUE[rule_id]
    own = entry.source_for(ruleset)
    if own is not None:
        return RuleSource(rule_id, own, False)
    if entry.manual is not None:
        # GEN-03: PBA/CABA silent -> the manual's rule applies.
        return RuleSource(rule_id, entry.manual, True)
    # The manual itself is silent (RUL-44): the recommended house default (OQ-46).
    return RuleSource(rule_id, REQUIREMENT_SOURCES["OQ-46"], True)


def rulesets_differ(rule_id: str) -> bool:
    entry = CATALOGUE.get(rule_id)
    return entry.differs if entry is not None else False


def ruling_text(rule_id: str, lang: Lang | str = Lang.ES) -> str:
    """One paragraph for pages and PDFs: the situation and how Mesa decides it."""
    entry = get_entry(rule_id)
    if Lang(lang) is Lang.EN:
        return f"{entry.rule_id} — {entry.situation_en} {entry.decision_en}"
    return f"{entry.rule_id} — {entry.situation_es} {entry.decision_es}"


def all_rules() -> tuple[tuple[str, dict[Ruleset, RuleSource]], ...]:
    """Every rule ID with its source per ruleset, for the house-rules PDF (GEN-12)."""
    return tuple(
        (rule_id, {rs: rule_source(rule_id, rs) for rs in Ruleset}) for rule_id in RULE_IDS
    )


def render_markdown(lang: Lang | str = Lang.EN) -> str:
    """A table of every rule, its decision and its source per ruleset (docs/rulings.md)."""
    english = Lang(lang) is Lang.EN
    head = (
        "| ID | Situation | How Mesa decides | ⚠ | MANUAL | PBA | CABA |"
        if english
        else "| ID | Situación | Cómo decide Mesa | ⚠ | MANUAL | PBA | CABA |"
    )
    lines = [head, "|---|---|---|---|---|---|---|"]
    for entry in _ENTRIES:
        cells = []
        for rs in Ruleset:
            src = rule_source(entry.rule_id, rs)
            label = src.source + (" (fall-back)" if src.fallback else "")
            cells.append(label.replace("|", "\\|"))
        situation = entry.situation_en if english else entry.situation_es
        decision = entry.decision_en if english else entry.decision_es
        lines.append(
            f"| {entry.rule_id} | {situation} | {decision} | {'⚠' if entry.differs else ''} | "
            + " | ".join(cells)
            + " |"
        )
    return "\n".join(lines) + "\n"
