"""Codes for machines, words for people: the tournament rules' refusals and reasons.

A refusal is a :class:`TournamentError` carrying a stable :class:`TCode`, the input
``field`` it concerns, and named parameters; its Spanish and English sentences are
written once, here (``MESSAGES``), never at the raise site. The app turns it into its
4xx error shape (code, message in both languages, field).

A decision (a seat, a move, a place) carries a :class:`Reason`; ``REASONS`` gives its
words in Spanish and English and the rule it applies.
"""

from __future__ import annotations

from enum import StrEnum


class TCode(StrEnum):
    # Plain data
    FIELD_TYPE = "FIELD_TYPE"
    FIELD_MISSING = "FIELD_MISSING"
    FIELD_UNKNOWN = "FIELD_UNKNOWN"
    NUMBER_OUT_OF_RANGE = "NUMBER_OUT_OF_RANGE"
    NAME_MISSING = "NAME_MISSING"
    SEED_INVALID = "SEED_INVALID"
    # Structure
    DENOMINATIONS_INVALID = "DENOMINATIONS_INVALID"
    LEVELS_MISSING = "LEVELS_MISSING"
    LEVEL_UNKNOWN = "LEVEL_UNKNOWN"
    LEVEL_BLINDS_INVALID = "LEVEL_BLINDS_INVALID"
    LEVEL_ANTE_INVALID = "LEVEL_ANTE_INVALID"
    LEVELS_DECREASE = "LEVELS_DECREASE"
    CHIPS_NOT_PAYABLE = "CHIPS_NOT_PAYABLE"
    BREAKS_OUT_OF_ORDER = "BREAKS_OUT_OF_ORDER"
    COLOUR_UP_UNKNOWN = "COLOUR_UP_UNKNOWN"
    COLOUR_UP_ALL = "COLOUR_UP_ALL"
    COLOUR_UP_NOT_LOWEST = "COLOUR_UP_NOT_LOWEST"
    ADD_ON_BREAK_UNKNOWN = "ADD_ON_BREAK_UNKNOWN"
    # Entries
    REGISTRATION_CLOSED = "REGISTRATION_CLOSED"
    ENTRY_NOT_OFFERED = "ENTRY_NOT_OFFERED"
    ENTRY_WINDOW_CLOSED = "ENTRY_WINDOW_CLOSED"
    ENTRY_LIMIT_REACHED = "ENTRY_LIMIT_REACHED"
    RE_ENTRY_NOT_BUSTED = "RE_ENTRY_NOT_BUSTED"
    REBUY_STACK_TOO_HIGH = "REBUY_STACK_TOO_HIGH"
    ADD_ON_NOT_AT_ITS_BREAK = "ADD_ON_NOT_AT_ITS_BREAK"
    # Clock
    CLOCK_EVENT_INVALID = "CLOCK_EVENT_INVALID"
    CLOCK_EVENT_OUT_OF_ORDER = "CLOCK_EVENT_OUT_OF_ORDER"
    CLOCK_NOT_STARTED = "CLOCK_NOT_STARTED"
    CLOCK_ALREADY_STARTED = "CLOCK_ALREADY_STARTED"
    CLOCK_ENDED = "CLOCK_ENDED"
    CLOCK_ALREADY_PAUSED = "CLOCK_ALREADY_PAUSED"
    CLOCK_NOT_PAUSED = "CLOCK_NOT_PAUSED"
    CLOCK_PAUSED = "CLOCK_PAUSED"
    CLOCK_ADJUST_INVALID = "CLOCK_ADJUST_INVALID"
    CLOCK_HAND_FOR_HAND_ALREADY = "CLOCK_HAND_FOR_HAND_ALREADY"
    CLOCK_NOT_HAND_FOR_HAND = "CLOCK_NOT_HAND_FOR_HAND"
    CLOCK_SECONDS_PER_HAND_INVALID = "CLOCK_SECONDS_PER_HAND_INVALID"
    # Seats
    SEAT_INVALID = "SEAT_INVALID"
    TABLE_UNKNOWN = "TABLE_UNKNOWN"
    TABLE_LISTED_TWICE = "TABLE_LISTED_TWICE"
    TABLES_TOO_MANY = "TABLES_TOO_MANY"
    PLAYER_LISTED_TWICE = "PLAYER_LISTED_TWICE"
    PLAYER_SEATED_TWICE = "PLAYER_SEATED_TWICE"
    PLAYER_ALREADY_SEATED = "PLAYER_ALREADY_SEATED"
    PLAYER_NOT_SEATED = "PLAYER_NOT_SEATED"
    NO_OPEN_SEAT = "NO_OPEN_SEAT"
    BREAK_ORDER_INCOMPLETE = "BREAK_ORDER_INCOMPLETE"
    BALANCE_IMPOSSIBLE = "BALANCE_IMPOSSIBLE"
    PLAN_STALE = "PLAN_STALE"
    # Prize pool, payouts, deals
    AMOUNT_NEGATIVE = "AMOUNT_NEGATIVE"
    PLACES_INVALID = "PLACES_INVALID"
    POOL_TOO_SMALL = "POOL_TOO_SMALL"
    PAYOUTS_INCREASE = "PAYOUTS_INCREASE"
    PAYOUTS_SUM_MISMATCH = "PAYOUTS_SUM_MISMATCH"
    DEAL_PLAYERS_INVALID = "DEAL_PLAYERS_INVALID"
    DEAL_PAYOUTS_MISMATCH = "DEAL_PAYOUTS_MISMATCH"
    DEAL_STACK_INVALID = "DEAL_STACK_INVALID"
    TO_PLAY_FOR_INVALID = "TO_PLAY_FOR_INVALID"
    # Chip race
    CHIP_RACE_NOT_IN_PLAY = "CHIP_RACE_NOT_IN_PLAY"
    CHIP_RACE_NOTHING_LEFT = "CHIP_RACE_NOTHING_LEFT"
    CHIP_RACE_TOO_MANY_CARDS = "CHIP_RACE_TOO_MANY_CARDS"
    CHIP_RACE_CARDS_INVALID = "CHIP_RACE_CARDS_INVALID"
    # Places
    EXIT_TWICE = "EXIT_TWICE"
    EXIT_UNKNOWN_ENTRY = "EXIT_UNKNOWN_ENTRY"
    HAND_NOT_CONTIGUOUS = "HAND_NOT_CONTIGUOUS"
    NOBODY_LEFT = "NOBODY_LEFT"
    SHARED_SEAT = "SHARED_SEAT"


# (Spanish, English). Fields in braces are the error's named parameters.
MESSAGES: dict[TCode, tuple[str, str]] = {
    TCode.FIELD_TYPE: ("{field}: se esperaba {expected}.", "{field}: expected {expected}."),
    TCode.FIELD_MISSING: ("Falta el dato {field}.", "{field} is missing."),
    TCode.FIELD_UNKNOWN: ("Dato desconocido: {field}.", "Unknown field: {field}."),
    TCode.NUMBER_OUT_OF_RANGE: (
        "{field} vale {value}; debe estar entre {low} y {high}.",
        "{field} is {value}; it must be from {low} to {high}.",
    ),
    TCode.NAME_MISSING: ("{field}: falta el nombre.", "{field}: the name is missing."),
    TCode.SEED_INVALID: (
        "La semilla del sorteo debe ser un entero de 0 a 2^256 - 1 (se recibió {seed}).",
        "The draw's seed must be an integer from 0 to 2^256 - 1 (got {seed}).",
    ),
    TCode.DENOMINATIONS_INVALID: (
        "Las fichas en juego deben ser valores positivos, de menor a mayor, sin repetir.",
        "The chips in play must be positive values, smallest first, none repeated.",
    ),
    TCode.LEVELS_MISSING: ("La estructura no tiene niveles.", "The structure has no levels."),
    TCode.LEVEL_UNKNOWN: ("No existe el nivel {level}.", "There is no level {level}."),
    TCode.LEVEL_BLINDS_INVALID: (
        "La ciega grande ({big_blind}) no puede ser menor que la pequeña ({small_blind}).",
        "The big blind ({big_blind}) cannot be lower than the small blind ({small_blind}).",
    ),
    TCode.LEVEL_ANTE_INVALID: (
        "Ante {ante} con tipo «{ante_kind}»: un nivel sin ante tiene ante 0 y uno con ante, más de 0.",
        "Ante {ante} of kind '{ante_kind}': a level without an ante has 0, one with an ante more than 0.",
    ),
    TCode.LEVELS_DECREASE: (
        "El nivel {level} baja la ciega grande a {big_blind} (antes {previous}).",
        "Level {level} lowers the big blind to {big_blind} (was {previous}).",
    ),
    TCode.CHIPS_NOT_PAYABLE: (
        "{amount} no se puede pagar en el nivel {level}: la ficha más chica en juego es {chip}.",
        "{amount} cannot be paid at level {level}: the smallest chip in play is {chip}.",
    ),
    TCode.BREAKS_OUT_OF_ORDER: (
        "Los descansos van en orden de nivel, uno por nivel (nivel {level}).",
        "Breaks go in level order, one per level (level {level}).",
    ),
    TCode.COLOUR_UP_UNKNOWN: (
        "La ficha {chip} no está en juego en el descanso tras el nivel {level}.",
        "Chip {chip} is not in play at the break after level {level}.",
    ),
    TCode.COLOUR_UP_ALL: (
        "El cambio de color no puede retirar todas las fichas en juego.",
        "A colour-up cannot take every chip out of play.",
    ),
    TCode.COLOUR_UP_NOT_LOWEST: (
        "Se retiran las fichas más chicas en juego (desde {smallest}), no {chips}.",
        "The chips taken out are the smallest in play (from {smallest}), not {chips}.",
    ),
    TCode.ADD_ON_BREAK_UNKNOWN: (
        "No hay descanso tras el nivel {level} para el add-on.",
        "There is no break after level {level} for the add-on.",
    ),
    TCode.REGISTRATION_CLOSED: (
        "La inscripción cerró al terminar el nivel {level}.",
        "Registration closed at the end of level {level}.",
    ),
    TCode.ENTRY_NOT_OFFERED: (
        "No corresponde {kind_es} en este torneo o para este jugador.",
        "No {kind_en} is offered in this tournament or to this player.",
    ),
    TCode.ENTRY_WINDOW_CLOSED: (
        "El plazo de {kind_es} terminó con el nivel {level} y su descanso.",
        "The {kind_en} window closed with level {level} and its break.",
    ),
    TCode.ENTRY_LIMIT_REACHED: (
        "Límite de {kind_es} alcanzado: el jugador ya usó {limit}.",
        "The {kind_en} limit is reached: the player has used {limit}.",
    ),
    TCode.RE_ENTRY_NOT_BUSTED: (
        "Solo reingresa un jugador eliminado.",
        "Only an eliminated player re-enters.",
    ),
    TCode.REBUY_STACK_TOO_HIGH: (
        "Recompra solo con {max_stack} fichas o menos (tiene {stack}).",
        "A rebuy needs {max_stack} chips or fewer (has {stack}).",
    ),
    TCode.ADD_ON_NOT_AT_ITS_BREAK: (
        "El add-on se ofrece en el descanso tras el nivel {level}.",
        "The add-on is offered during the break after level {level}.",
    ),
    TCode.CLOCK_EVENT_INVALID: (
        "Evento de reloj {index} mal formado.",
        "Clock event {index} is malformed.",
    ),
    TCode.CLOCK_EVENT_OUT_OF_ORDER: (
        "El evento {index} ({at_ms}) es anterior al último ({last_ms}).",
        "Event {index} ({at_ms}) is earlier than the last one ({last_ms}).",
    ),
    TCode.CLOCK_NOT_STARTED: (
        "El reloj no ha arrancado: no se puede «{event}».",
        "The clock has not started: cannot '{event}'.",
    ),
    TCode.CLOCK_ALREADY_STARTED: ("El reloj ya arrancó.", "The clock has already started."),
    TCode.CLOCK_ENDED: (
        "El torneo terminó: el reloj está cerrado.",
        "The tournament is over: the clock is closed.",
    ),
    TCode.CLOCK_ALREADY_PAUSED: ("El reloj ya está en pausa.", "The clock is already paused."),
    TCode.CLOCK_NOT_PAUSED: ("El reloj no está en pausa.", "The clock is not paused."),
    TCode.CLOCK_PAUSED: (
        "El reloj está en pausa: reanúdelo antes de contar una mano.",
        "The clock is paused: resume it before counting a hand.",
    ),
    TCode.CLOCK_ADJUST_INVALID: (
        "Ajuste de {seconds} s fuera del período: se pueden sumar hasta {most_added} s o restar hasta {most_taken} s.",
        "An adjustment of {seconds} s leaves the period: add up to {most_added} s or take off up to {most_taken} s.",
    ),
    TCode.CLOCK_HAND_FOR_HAND_ALREADY: (
        "Ya se juega mano a mano.",
        "Hand-for-hand is already on.",
    ),
    TCode.CLOCK_NOT_HAND_FOR_HAND: (
        "No se juega mano a mano: no se puede «{event}».",
        "Hand-for-hand is not on: cannot '{event}'.",
    ),
    TCode.CLOCK_SECONDS_PER_HAND_INVALID: (
        "Segundos por mano fuera de rango: {seconds} (de 0 a 3600).",
        "Seconds per hand out of range: {seconds} (0 to 3600).",
    ),
    TCode.SEAT_INVALID: (
        "Mesa {table}: el asiento {seat} no existe o está repetido.",
        "Table {table}: seat {seat} does not exist or is repeated.",
    ),
    TCode.TABLE_UNKNOWN: ("La mesa {table} no está en juego.", "Table {table} is not in play."),
    TCode.TABLE_LISTED_TWICE: ("Una mesa aparece dos veces.", "A table is listed twice."),
    TCode.TABLES_TOO_MANY: (
        "{players} jugadores no llenan {tables} mesas con al menos dos cada una.",
        "{players} players cannot fill {tables} tables with at least two each.",
    ),
    TCode.PLAYER_LISTED_TWICE: ("Un jugador aparece dos veces.", "A player is listed twice."),
    TCode.PLAYER_SEATED_TWICE: (
        "Un jugador ocupa dos asientos.",
        "A player holds two seats.",
    ),
    TCode.PLAYER_ALREADY_SEATED: (
        "El jugador {player} ya tiene asiento.",
        "Player {player} already has a seat.",
    ),
    TCode.PLAYER_NOT_SEATED: (
        "El jugador {player} no está sentado.",
        "Player {player} is not seated.",
    ),
    TCode.NO_OPEN_SEAT: (
        "No hay asiento libre: {players} jugadores para {seats} asientos. Abra otra mesa.",
        "No open seat: {players} players for {seats} seats. Open another table.",
    ),
    TCode.BREAK_ORDER_INCOMPLETE: (
        "El orden de cierre de mesas no incluye la mesa {table}.",
        "The table-breaking order does not include table {table}.",
    ),
    TCode.BALANCE_IMPOSSIBLE: (
        "No se pueden equilibrar las mesas sin mover a alguien dos veces.",
        "The tables cannot be balanced without moving someone twice.",
    ),
    TCode.PLAN_STALE: (
        "El plan de movimientos es de una disposición anterior: vuelva a calcularlo.",
        "The plan of moves is for an earlier seating: compute it again.",
    ),
    TCode.AMOUNT_NEGATIVE: ("{field} no puede ser negativo.", "{field} cannot be negative."),
    TCode.PLACES_INVALID: (
        "Los premiados deben ser de 1 a {entries} (se pidieron {places}).",
        "Places paid must be from 1 to {entries} (asked {places}).",
    ),
    TCode.POOL_TOO_SMALL: (
        "El pozo de {pool} no alcanza para pagar {places} puestos en unidades de {unit}.",
        "A pool of {pool} cannot pay {places} places in units of {unit}.",
    ),
    TCode.PAYOUTS_INCREASE: (
        "El premio del puesto {place} es mayor que el del puesto anterior.",
        "Place {place} pays more than the place above it.",
    ),
    TCode.PAYOUTS_SUM_MISMATCH: (
        "Los premios suman {total} y el pozo es {pool}.",
        "The prizes add up to {total} and the pool is {pool}.",
    ),
    TCode.DEAL_PLAYERS_INVALID: (
        "Un acuerdo es entre 2 y {most} jugadores (hay {players}).",
        "A deal is between 2 and {most} players ({players} given).",
    ),
    TCode.DEAL_PAYOUTS_MISMATCH: (
        "Hay {payouts} premios para {players} jugadores: uno por jugador, como máximo.",
        "There are {payouts} prizes for {players} players: at most one a player.",
    ),
    TCode.DEAL_STACK_INVALID: (
        "Cada jugador del acuerdo debe tener fichas (jugador {player}: {stack}).",
        "Every player in a deal must have chips (player {player}: {stack}).",
    ),
    TCode.TO_PLAY_FOR_INVALID: (
        "Lo que se deja en juego ({amount}) debe estar entre 0 y {most}: la diferencia entre el primer y el segundo premio.",
        "The amount left to play for ({amount}) must be from 0 to {most}: first prize less second.",
    ),
    TCode.CHIP_RACE_NOT_IN_PLAY: (
        "La ficha {chip} no está en juego en esta mesa.",
        "Chip {chip} is not in play at this table.",
    ),
    TCode.CHIP_RACE_NOTHING_LEFT: (
        "Tras el cambio de color no quedaría ninguna ficha en juego.",
        "No chip would be left in play after the colour-up.",
    ),
    TCode.CHIP_RACE_TOO_MANY_CARDS: (
        "La carrera pide {cards} cartas: más que un mazo. Retire primero la ficha más chica.",
        "The race needs {cards} cards: more than one deck. Race off the smallest chip first.",
    ),
    TCode.CHIP_RACE_CARDS_INVALID: (
        "Cartas de la carrera inválidas para el asiento {seat}: se esperaban {expected} cartas distintas.",
        "Invalid race cards for seat {seat}: {expected} different cards expected.",
    ),
    TCode.EXIT_TWICE: (
        "La entrada {entry} figura eliminada dos veces.",
        "Entry {entry} is eliminated twice.",
    ),
    TCode.EXIT_UNKNOWN_ENTRY: (
        "La entrada {entry} no es de este torneo.",
        "Entry {entry} is not in this tournament.",
    ),
    TCode.HAND_NOT_CONTIGUOUS: (
        "Las eliminaciones de la mano {hand} deben ir juntas.",
        "The eliminations of hand {hand} must be listed together.",
    ),
    TCode.NOBODY_LEFT: (
        "No puede quedar eliminado todo el torneo.",
        "Not every entry can be eliminated.",
    ),
    TCode.SHARED_SEAT: (
        "Los puestos {first} a {last} se comparten y uno es un asiento de satélite, que no se divide: decide la gerencia.",
        "Places {first} to {last} are shared and one is a satellite seat, which cannot be split: management decides.",
    ),
}


class _Keep(dict[str, object]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


class TournamentError(ValueError):
    """A refusal: ``code``, the input ``field`` it concerns, and named ``params``."""

    def __init__(self, code: TCode, *, field: str | None = None, **params: int | str) -> None:
        self.code = code
        self.field = field
        self.params: dict[str, int | str] = params
        super().__init__(self.message_en)

    def _words(self, lang: int) -> str:
        values = _Keep(self.params)
        values.setdefault("field", self.field or "")
        return MESSAGES[self.code][lang].format_map(values)

    @property
    def message_es(self) -> str:
        return self._words(0)

    @property
    def message_en(self) -> str:
        return self._words(1)

    def under(self, prefix: str) -> TournamentError:
        """The same refusal, its field named inside ``prefix`` (``levels[2].``)."""
        return TournamentError(self.code, field=prefix + (self.field or ""), **self.params)


class Reason(StrEnum):
    # Why a player gets a seat
    INITIAL_DRAW = "initial_draw"
    LATE_ENTRY = "late_entry"
    TABLE_BROKEN = "table_broken"
    BALANCE = "balance"
    FINAL_TABLE = "final_table"
    # Why this seat / this player
    DRAWN = "drawn"
    WORST_POSITION = "worst_position"
    ONLY_SMALL_BLIND_SEAT_OPEN = "only_small_blind_seat_open"
    NEXT_BIG_BLIND = "next_big_blind"
    NEXT_BIG_BLIND_NOT_MOVED = "next_big_blind_not_moved"
    # Places
    ORDER_OF_ELIMINATION = "order_of_elimination"
    SAME_HAND_MORE_CHIPS = "same_hand_more_chips"
    SAME_HAND_EQUAL_CHIPS = "same_hand_equal_chips"
    DISQUALIFIED = "disqualified"
    EXPELLED = "expelled"
    LAST_PLAYER = "last_player"


# (Spanish, English, rule applied)
REASONS: dict[Reason, tuple[str, str, str]] = {
    Reason.INITIAL_DRAW: ("Sorteo inicial de asientos", "Initial seat draw", "TOUR-01; TDA 7"),
    Reason.LATE_ENTRY: (
        "Entrada tardía: asiento sorteado en las mesas con menos jugadores",
        "Late entry: seat drawn at the tables with the fewest players",
        "TDA 8",
    ),
    Reason.TABLE_BROKEN: (
        "Mesa cerrada: nueva mesa y asiento por sorteo",
        "Table broken: new table and seat drawn",
        "TDA 10",
    ),
    Reason.BALANCE: ("Equilibrio de mesas", "Balancing tables", "TDA 11"),
    Reason.FINAL_TABLE: (
        "Mesa final: asientos sorteados de nuevo",
        "Final table: seats drawn again",
        "TOUR-01",
    ),
    Reason.DRAWN: ("Por sorteo", "Drawn", "TOUR-01; TDA 7, 8, 10"),
    Reason.WORST_POSITION: (
        "Peor posición: el asiento libre que antes pagará la ciega grande",
        "Worst position: the open seat that will post the big blind soonest",
        "TDA 11",
    ),
    Reason.ONLY_SMALL_BLIND_SEAT_OPEN: (
        "Único asiento libre, el de la ciega pequeña: juega cuando pasen las ciegas",
        "The only open seat is the small blind's: dealt in once the blinds pass",
        "TDA 11",
    ),
    Reason.NEXT_BIG_BLIND: (
        "Le tocaba la próxima ciega grande",
        "Next to post the big blind",
        "TDA 11",
    ),
    Reason.NEXT_BIG_BLIND_NOT_MOVED: (
        "Próximo en pagar la ciega grande entre los que no se movieron en este plan",
        "Next to post the big blind among those not moved in this plan",
        "TDA 11",
    ),
    Reason.ORDER_OF_ELIMINATION: (
        "Orden de eliminación",
        "Order of elimination",
        "TOUR-07",
    ),
    Reason.SAME_HAND_MORE_CHIPS: (
        "Eliminados en la misma mano: queda más arriba quien empezó la mano con más fichas",
        "Eliminated in the same hand: the one who started it with more chips finishes higher",
        "TDA (eliminaciones simultáneas); RP-8",
    ),
    Reason.SAME_HAND_EQUAL_CHIPS: (
        "Eliminados en la misma mano con las mismas fichas: comparten los puestos y sus premios",
        "Eliminated in the same hand with the same chips: they share the places and their prizes",
        "TDA (eliminaciones simultáneas); RP-8",
    ),
    Reason.DISQUALIFIED: (
        "Descalificado: eliminado, conserva el puesto y el premio ganados",
        "Disqualified: eliminated, keeps the place and prize earned",
        "SANC-05",
    ),
    Reason.EXPELLED: (
        "Expulsado: pierde puesto y premio; los de abajo suben un puesto",
        "Expelled: loses place and prize; those below move up a place",
        "SANC-06",
    ),
    Reason.LAST_PLAYER: ("Último jugador en pie", "Last player standing", "TOUR-07"),
}


def reason_words(reason: Reason) -> tuple[str, str]:
    """A reason in Spanish and English."""
    es, en, _ = REASONS[reason]
    return es, en


def reason_rule(reason: Reason) -> str:
    """The rule a reason applies (``"TDA 11"``, ``"SANC-06"``)."""
    return REASONS[reason][2]
