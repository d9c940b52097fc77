"""The API's own error codes, and the published catalogue of every code (issue 15 §3,
issue 41 §2).

Every 4xx answer of the API has a machine ``code`` (see :mod:`casino.api.errors`). The
codes are the members of the refusal enums (:class:`casino.refusals.RefusalCode`): each
app's ``<app>/codes.py`` (the refusals its services raise), and here:

- :class:`ApiCode`: the error handler's own codes (authentication, methods, media types,
  the database) and the two that services share with it, ``NOT_FOUND`` and
  ``PERMISSION_DENIED``;
- :class:`ValidationCode`: the codes a serializer field's validation produces (Django
  REST framework's, upper-cased by ``casino.api.parsing.parse``). Their messages are
  DRF's own, in both languages; the members' words are their meaning in the catalogue.

The schema publishes :func:`choices` as the enum ``ErrorCode`` of the error body
(``SPECTACULAR_SETTINGS``); ``docs/api.md`` carries the table :func:`markdown` prints
(``python scripts/api_codes.py --write``). ``tests/casino/test_api_contract.py`` fails
when the page differs, and when the enum is not the union of the enums.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from casino.errorcodes import RESOURCE, ApiCode, ValidationCode
from casino.refusals import all_codes, placeholders

__all__ = ["RESOURCE", "ApiCode", "ValidationCode", "catalogue", "choices", "markdown"]


class Meaning(NamedTuple):
    es: str
    en: str


#: The refusals not yet converted to a code of an enum (scripts/codemod_refusals.py):
#: their meanings, until the conversion removes them.
DOMAIN: dict[str, Meaning] = {
    "ABSENT_PLAYER_POLICY_INVALID": Meaning(
        "Regla de jugadores ausentes desconocida (SEAT-06).",
        "Unknown absent player rule (SEAT-06).",
    ),
    "ACTION_INDEX_INVALID": Meaning(
        "La posición … no está en la mano (0 a …).",
        "Position … is not in the hand (0 to …).",
    ),
    "ALREADY_CORRECTED": Meaning(
        "Esta línea del libro del fondo ya fue corregida.",
        "This line of the fund's ledger has already been corrected.",
    ),
    "APPEAL_DECIDED": Meaning(
        "La apelación ya fue resuelta.",
        "The appeal was already decided.",
    ),
    "APPEAL_NOT_INDEPENDENT": Meaning(
        "Quien impuso la sanción no resuelve su apelación: la resuelve otro jefe de sector o "
        "la gerencia.",
        "Whoever imposed the sanction does not decide its appeal: another pit boss or "
        "management decides it.",
    ),
    "APPEAL_OUTCOME_INVALID": Meaning(
        "La decisión es confirmar, reducir o levantar.",
        "The decision is upheld, reduced or lifted.",
    ),
    "APPEAL_PENDING": Meaning(
        "La sanción ya tiene una apelación sin resolver.",
        "The sanction already has an appeal waiting for its decision.",
    ),
    "CHECKLIST_ALREADY_RECORDED": Meaning(
        "Esta lista ya está registrada (por …, a las …).",
        "This checklist is already recorded (by …, at …).",
    ),
    "AWARD_BY_FLOOR": Meaning(
        "Bote …: el croupier lo empujó al asiento … sin que las cartas lo digan (…).",
        "… pot: the croupier pushed it to seat … without the cards saying so (…).",
    ),
    "AWARD_INVALID": Meaning(
        "El reparto del bote no es posible: … (el bote, los asientos que lo disputaban, el motivo).",
        "That award of the pot is not possible: … (the pot, the seats contesting it, the reason).",
    ),
    "AWARD_REASON_REQUIRED": Meaning(
        "Las cartas no dicen quién ganó ese bote: indique por qué lo decide el personal (cartas ilegibles o no registradas, mano tirada).",
        "The cards do not say who won that pot: give the reason the staff decide it (cards unreadable or not entered, hand mucked).",
    ),
    "AWARD_REQUIRED": Meaning(
        "La mano llegó al showdown y no dice quién ganó (…): registre las cartas que se mostraron o a qué asientos empujó el croupier cada bote, con el motivo.",
        "The hand reached the showdown and does not say who won (…): enter the cards shown or the seats the croupier pushed each pot to, with the reason.",
    ),
    "CLAIM_ALREADY_FILED": Meaning(
        "Esta mano ya fue reclamada para el fondo.",
        "This hand has already been claimed for the fund.",
    ),
    "CLAIM_KIND_INVALID": Meaning(
        "Solo se reclama un jackpot bad beat por mano; la mano alta se paga por período.",
        "Only a bad-beat jackpot is claimed by hand; the high hand is paid by period.",
    ),
    "CLAIM_OPEN": Meaning(
        "El fondo tiene un reclamo sin pagar: se paga antes de otro.",
        "The fund has an unpaid claim: it is paid before another.",
    ),
    "CLAIM_REVIEW_PENDING": Meaning(
        "El gerente de turno confirma después de la firma del supervisor y la revisión de vigilancia.",
        "The shift manager confirms after the supervisor's signature and the surveillance review.",
    ),
    "CORRECTION_DRAFT": Meaning(
        "Es la corrección de una mano registrada: regístrela con su motivo.",
        "This is the correction of a stored hand: store it with its reason.",
    ),
    "CORRECTION_INVALID": Meaning(
        "La corrección deja la mano inválida (…). Una mano cerrada solo se reemplaza por un registro válido.",
        "The correction leaves the hand invalid (…). A closed hand is only replaced by a valid record.",
    ),
    "CORRECTION_SIGNED": Meaning(
        "Esta corrección ya está firmada.",
        "This correction is already signed.",
    ),
    "FUND_BALANCE_SHORT": Meaning(
        "El fondo no tiene saldo para esta corrección.",
        "The fund has no balance for this correction.",
    ),
    "FUND_KIND_FIXED": Meaning(
        "Un fondo no cambia de tipo: cree otro fondo.",
        "A fund does not change its kind: create another fund.",
    ),
    "FUND_NAME_REQUIRED": Meaning(
        "Indique el nombre del fondo.",
        "Give the fund's name.",
    ),
    "FUND_NAME_TAKEN": Meaning(
        "Ya existe un fondo con ese nombre.",
        "There is already a fund with that name.",
    ),
    "FUND_RULES_INVALID": Meaning(
        "Las reglas no se pueden publicar (…).",
        "The rules cannot be posted (…).",
    ),
    "GROUNDS_REQUIRED": Meaning(
        "Indique los motivos de la apelación.",
        "Give the grounds of the appeal.",
    ),
    "HAND_DOES_NOT_QUALIFY": Meaning(
        "La mano no califica: … (la regla publicada que no cumple).",
        "The hand does not qualify: … (the posted rule it fails).",
    ),
    "HAND_NOT_IN_FUND": Meaning(
        "La mano no se jugó en una mesa de este fondo.",
        "The hand was not played at a table of this fund.",
    ),
    "NOT_AN_APPEAL": Meaning(
        "Solo se resuelve una apelación.",
        "Only an appeal is decided.",
    ),
    "ACCOUNT_LOCKED": Meaning(
        "Demasiados intentos fallidos: la cuenta está bloqueada temporalmente.",
        "Too many failed attempts: the account is temporarily locked.",
    ),
    "ACTION_ILLEGAL": Meaning(
        "La acción no es legal en este punto de la mano; la respuesta trae la regla que la impide.",
        "The action is not legal at this point of the hand; the answer names the rule that forbids it.",
    ),
    "ACTION_UNKNOWN": Meaning(
        "Acción desconocida.",
        "Unknown action.",
    ),
    "AFTER_LAST_HAND": Meaning(
        "Se anunció la última mano (n.º …): no se admiten más.",
        "The last hand (no. …) was announced: no more hands.",
    ),
    "ALREADY_REVERSED": Meaning(
        "Esta comisión ya fue anulada.",
        "This rake posting has already been reversed.",
    ),
    "AMOUNT_INVALID": Meaning(
        "Importe inválido o negativo.",
        "Invalid or negative amount.",
    ),
    "AMOUNT_NOT_CHIP_MULTIPLE": Meaning(
        "… no es un número entero de fichas de ….",
        "… is not a whole number of … chips.",
    ),
    "AMOUNT_NOT_DECIMAL_STRING": Meaning(
        "Un importe se envía como texto decimal («1500.00»), no como número JSON con decimales.",
        'An amount is sent as a decimal string ("1500.00"), not as a JSON number with decimals.',
    ),
    "AMOUNT_NOT_POSITIVE": Meaning(
        "El importe debe ser mayor que cero (o no negativo, donde se admite cero).",
        "The amount must be greater than zero (or not negative, where zero is allowed).",
    ),
    "AMOUNT_REQUIRED": Meaning(
        "Una apuesta o subida necesita el importe total al que se apuesta.",
        "A bet or raise needs the total amount bet to.",
    ),
    "API_VERSION_UNSUPPORTED": Meaning(
        "La API no sirve esa versión; details.allowed lista las que sirve.",
        "The API does not serve that version; details.allowed lists those it serves.",
    ),
    "APPROVER_IS_CROUPIER": Meaning(
        "Quien aprueba el cambio no puede ser el croupier que lo hace.",
        "The person approving a change cannot be the croupier making it.",
    ),
    "AUTHENTICATION_FAILED": Meaning(
        "Credenciales inválidas.",
        "Invalid credentials.",
    ),
    "BANK_NOT_CONFIRMED_EMPTY": Meaning(
        "El supervisor y el croupier deben confirmar que la banca quedó vacía y todo se contó.",
        "The supervisor and the croupier must confirm that the rack was emptied and every chip counted.",
    ),
    "BIDI_CONTROL": Meaning(
        "El campo «…» contiene un carácter de control de dirección del texto (p. ej. U+202E), que haría leer el texto al revés; quítelo.",
        "The field “…” contains a text-direction control character (e.g. U+202E), which would make the text read reversed; remove it.",
    ),
    "BLINDS_INVALID": Meaning(
        "Las ciegas deben ser positivas y la chica ≤ la grande.",
        "Blinds must be positive and the small blind ≤ the big blind.",
    ),
    "BLIND_COUNT": Meaning(
        "La caja cuenta a ciegas: no puede ver las cifras esperadas de las mesas.",
        "The cage counts blind: it cannot see the tables' expected figures.",
    ),
    "BOARD_CARDS_MISSING": Meaning(
        "Indique las cartas comunitarias repartidas.",
        "Give the board cards dealt.",
    ),
    "BROKER_UNAVAILABLE": Meaning(
        "El servicio de tareas en segundo plano no está disponible; no se registró nada. Reintente en unos minutos.",
        "The background task service is unavailable; nothing was recorded. Retry in a few minutes.",
    ),
    "BUTTON_DRAW_ONE_CARD": Meaning(
        "Cada asiento saca exactamente una carta (asiento …).",
        "Each seat draws exactly one card (seat …).",
    ),
    "BUTTON_DRAW_PLAYERS": Meaning(
        "El sorteo del botón necesita al menos dos jugadores.",
        "The button draw needs at least two players.",
    ),
    "BUTTON_NOT_MOVED_ONE_SEAT": Meaning(
        "El botón debía estar en el asiento … (se movió desde el …), no en el ….",
        "The button should be on seat … (moving on from seat …), not seat ….",
    ),
    "BUTTON_SEAT_EMPTY": Meaning(
        "El botón está en el asiento …, que no tiene jugador en la mano.",
        "The button is on seat …, which has no player in the hand.",
    ),
    "BUYIN_ABOVE_MAXIMUM": Meaning(
        "Con esta compra el jugador tendría … en la mesa; el máximo es ….",
        "With this buy-in the player would have … on the table; the maximum is ….",
    ),
    "BUYIN_BELOW_MINIMUM": Meaning(
        "La compra mínima de esta mesa es …; … no alcanza.",
        "This table's minimum buy-in is …; … is not enough.",
    ),
    "BUYIN_INVALID": Meaning(
        "La compra mínima debe ser positiva.",
        "The minimum buy-in must be positive.",
    ),
    "CAP_INVALID": Meaning(
        "El tope debe ser al menos 1 apuesta.",
        "The cap must be at least one bet.",
    ),
    "CARD_DUPLICATE": Meaning(
        "La misma carta aparece dos veces en el sorteo.",
        "The same card appears twice in the draw.",
    ),
    "CARD_INVALID": Meaning(
        "La mano nombra una carta que no existe.",
        "The hand names a card that does not exist.",
    ),
    "CAGE_POLICY_VALUE_INVALID": Meaning(
        "«…» no es un valor de …: ….",
        "'…' is not a value of …: ….",
    ),
    "CARRIED_POT": Meaning(
        "Pozo arrastrado de una mano anulada: …, solo para los asientos … de aquella mano (POT-09).",
        "Pot carried over from a void hand: …, only for seats … of that hand (POT-09).",
    ),
    "CARRY_IN_INVALID": Meaning(
        "Un pozo arrastrado debe tener un importe positivo.",
        "A carried pot must have a positive amount.",
    ),
    "CARRY_IN_MISMATCH": Meaning(
        "El pozo arrastrado declarado no coincide con el que dejó la mano anterior: se usa el de los registros (POT-09).",
        "The carried pot declared differs from what the previous hand left: the books' is used (POT-09).",
    ),
    "CASH_AMOUNT_MISMATCH": Meaning(
        "El efectivo aceptado suma … y la compra es de ….",
        "The cash accepted adds up to … and the buy-in is ….",
    ),
    "CASH_CHANGE_AT_CAGE_ONLY": Meaning(
        "En este casino el cambio de efectivo se hace en la caja, no en la mesa.",
        "In this casino cash is changed at the cage, not at the table.",
    ),
    "CASH_REQUIRED": Meaning(
        "Indique los billetes recibidos, por denominación (CASH-12).",
        "Give the notes received, by denomination (CASH-12).",
    ),
    "CHANGE_UNEQUAL": Meaning(
        "Entran … y salen …: un cambio es por el mismo valor.",
        "… comes in and … goes out: a change is for equal value.",
    ),
    "CHECKLIST_INCOMPLETE": Meaning(
        "Faltan puntos de la lista de control; details.missing lista sus claves "
        "(el catálogo: GET /api/checklists/).",
        "Checklist items are missing; details.missing lists their keys "
        "(the catalogue: GET /api/checklists/).",
    ),
    "CHECKLIST_INVALID": Meaning(
        "La lista de control es inválida.",
        "The checklist is invalid.",
    ),
    "CHECKLIST_ITEM_UNKNOWN": Meaning(
        "Puntos desconocidos: ….",
        "Unknown items: ….",
    ),
    "CHECKLIST_ROLE": Meaning(
        "Las listas previas las completan el jefe de sector y el supervisor.",
        "The pre-opening checklists are completed by the pit boss and the supervisor.",
    ),
    "CHIPS_AMOUNT_MISMATCH": Meaning(
        "Las fichas entregadas suman … y la compra es de ….",
        "The chips handed over add up to … and the buy-in is ….",
    ),
    "CHIPS_REQUIRED": Meaning(
        "Indique las fichas entregadas, por denominación.",
        "Give the chips handed over, by denomination.",
    ),
    "CHIP_SET_NOT_FOUND": Meaning(
        "Juego de fichas no encontrado.",
        "Chip set not found.",
    ),
    "CODE_REQUIRED": Meaning(
        "Indique un código.",
        "Give a code.",
    ),
    "COINS_REFUSED": Meaning(
        "No se aceptan monedas para jugar, cambiar ni apostar: solo billetes y placas.",
        "Coins are not accepted for play, change or bets: notes and plaques only.",
    ),
    "CONDUCT_EXEMPT_HEADS_UP": Meaning(
        "Mostrar, comentar o mirar cartas no se sanciona en el mano a mano final.",
        "Showing, commenting on or peeking at cards is not sanctioned at the final heads-up.",
    ),
    "CONDUCT_REQUIRED": Meaning(
        "Indique la conducta sancionada (lista del manual u «otra» con descripción).",
        "Give the conduct sanctioned (the manual's list, or 'other' with a description).",
    ),
    "CONDUCT_TEXT_REQUIRED": Meaning(
        "Describa la conducta.",
        "Describe the conduct.",
    ),
    "CONDUCT_UNKNOWN": Meaning(
        "Conducta desconocida.",
        "Unknown conduct.",
    ),
    "CONTINUITY_MISMATCH": Meaning(
        "Continuidad de fichas, asiento …: empieza con …, se esperaba … (diferencia ……).",
        "Chip continuity, seat …: starts with …, expected … (difference ……).",
    ),
    "CONTROL_CHARACTER": Meaning(
        "El campo «…» contiene un carácter de control (p. ej. un byte nulo); quítelo.",
        "The field “…” contains a control character (e.g. a NUL byte); remove it.",
    ),
    "COPY_ALREADY_DEPOSITED": Meaning(
        "Esa copia ya se registró como depositada.",
        "That copy is already recorded as deposited.",
    ),
    "COPY_INVALID": Meaning(
        "Copia desconocida.",
        "Unknown copy.",
    ),
    "COPY_NOT_FOR_OPENING": Meaning(
        "En la apertura solo se deposita la copia de la caja de drop (OPEN-13).",
        "At the opening only the drop-box copy is deposited (OPEN-13).",
    ),
    "CORRECTION_REQUIRED": Meaning(
        "La revisión firmada debe apoyarse en una corrección de esta mano.",
        "The signed review must rest on a correction entry of this hand.",
    ),
    "COUNTED_REQUIRED": Meaning(
        "Indique los mazos contados.",
        "List the packs counted.",
    ),
    "COUNTER_WORKED_SESSION": Meaning(
        "Quien trabajó en esta sesión de la mesa no puede contar su drop.",
        "Someone who worked this table session cannot count its drop.",
    ),
    "COUNT_EMPTY": Meaning(
        "El conteo no tiene líneas: cuente cada denominación, también las que están en cero.",
        "The count has no lines: count every denomination, zero included.",
    ),
    "COUNT_INCOMPLETE": Meaning(
        "Faltan denominaciones en el conteo: … (cuente también las que están en cero).",
        "Denominations missing from the count: … (count the empty ones too).",
    ),
    "COUNT_INVALID": Meaning(
        "«…» no es una cantidad de fichas válida.",
        "'…' is not a valid number of chips.",
    ),
    "COUNT_MISMATCH": Meaning(
        "… pilas de … y … sueltas son … fichas, no ….",
        "… stacks of … and … loose are … chips, not ….",
    ),
    "COUNT_NEGATIVE": Meaning(
        "La cantidad de fichas no puede ser negativa.",
        "The chip count cannot be negative.",
    ),
    "COUNT_NOT_RECORDED": Meaning(
        "Registre primero el conteo de cierre.",
        "Record the closing count first.",
    ),
    "COUNT_NOT_WHOLE": Meaning(
        "La cantidad de fichas debe ser un número entero.",
        "The chip count must be a whole number.",
    ),
    "COUNT_REQUIRED": Meaning(
        "Falta la cantidad de fichas.",
        "The chip count is missing.",
    ),
    "COUNT_TOO_LARGE": Meaning(
        "Cantidad fuera de rango (máximo …).",
        "Count out of range (at most …).",
    ),
    "CROUPIER_ON_DUTY_ELSEWHERE": Meaning(
        "… está de turno en …: primero debe ser relevado allí.",
        "… is on duty at …: relieve them there first.",
    ),
    "CROUPIER_REQUIRED": Meaning(
        "Indique el croupier que hizo el cambio.",
        "Say which croupier made the change.",
    ),
    "DATETIME_INVALID": Meaning(
        "Fecha y hora inválidas (ISO 8601).",
        "Invalid date and time (ISO 8601).",
    ),
    "DATE_INVALID": Meaning(
        "Fecha inválida (AAAA-MM-DD).",
        "Invalid date (YYYY-MM-DD).",
    ),
    "DATE_RANGE": Meaning(
        "La fecha final es anterior a la inicial.",
        "The end date is before the start date.",
    ),
    "DEALER_UNKNOWN": Meaning(
        "«…» no es un croupier de este casino.",
        "'…' is not a croupier of this casino.",
    ),
    "DECKS_MISSING": Meaning(
        "La mesa necesita dos mazos inspeccionados de colores distintos.",
        "The table needs two inspected packs of different colours.",
    ),
    "DECKS_UNACCOUNTED": Meaning(
        "Hay mazos sin contar en el control final.",
        "Packs are not accounted for in the final control.",
    ),
    "DECK_MOVE_NOT_ALLOWED": Meaning(
        "El mazo … está «…» y no puede pasar a «…». Movimientos permitidos: ….",
        "Pack … is '…' and cannot move to '…'. Allowed moves: ….",
    ),
    "DENOMINATION_NOT_IN_CHIP_SET": Meaning(
        "Esa denominación no pertenece al juego de fichas de la mesa.",
        "That denomination is not in the table's chip set.",
    ),
    "DENOMINATION_REPEATED": Meaning(
        "Una denominación de billete aparece dos veces.",
        "A note denomination appears twice.",
    ),
    "DENOMINATION_REQUIRED": Meaning(
        "Indique la denominación de la línea.",
        "Give the line's denomination.",
    ),
    "DISCREPANCY_ALREADY_ACKNOWLEDGED": Meaning(
        "La diferencia ya fue reconocida.",
        "The difference was already acknowledged.",
    ),
    "DISCREPANCY_SUPERSEDED": Meaning(
        "La banca se volvió a contar: esta diferencia ya no es la vigente.",
        "The float was recounted: this difference is no longer current.",
    ),
    "DISCREPANCY_UNACKNOWLEDGED": Meaning(
        "Hay diferencias sin reconocer por el jefe de sector (valores …).",
        "There are differences the pit boss has not acknowledged (values …).",
    ),
    "DOCUMENT_CHANGED": Meaning(
        "El contenido del documento cambió después de las primeras firmas.",
        "The document's content changed after it was first signed.",
    ),
    "DOCUMENT_LOCKED": Meaning(
        "La planilla ya está firmada y cerrada.",
        "The sheet is already signed and locked.",
    ),
    "DOCUMENT_SIGNED": Meaning(
        "El documento ya tiene firmas: no se puede modificar. Registre una corrección.",
        "The document has signatures and cannot be changed. Record a correction.",
    ),
    "DUPLICATE_HAND_NUMBER": Meaning(
        "La mano n.º … ya está registrada en esta sesión.",
        "Hand no. … is already recorded in this session.",
    ),
    "EFFECTIVE_IN_THE_PAST": Meaning(
        "Un ajuste no puede regir hacia atrás: rige desde ahora o más adelante.",
        "A setting cannot apply retroactively: it applies from now or later.",
    ),
    "ERROR": Meaning(
        "Error genérico del servidor HTTP (un caso no previsto).",
        "Generic HTTP error (a case not foreseen).",
    ),
    "EVENT_KIND_INVALID": Meaning(
        "Ese tipo de evento no se registra a mano.",
        "That kind of event is not recorded by hand.",
    ),
    "EXPLANATION_REQUIRED": Meaning(
        "Escriba la explicación de la diferencia.",
        "Write the explanation of the variance.",
    ),
    "EXPORT_EXISTS": Meaning(
        "Ya existe el directorio del archivo: un archivo se escribe una sola vez.",
        "The archive's directory already exists: an archive is written once.",
    ),
    "EXPORT_FORMAT_INVALID": Meaning(
        "Formato no admitido (pdf, csv, xlsx).",
        "Unsupported format (pdf, csv, xlsx).",
    ),
    "FILE_EMPTY": Meaning(
        "El archivo está vacío.",
        "The file is empty.",
    ),
    "FILE_NOT_UTF8": Meaning(
        "El archivo no es texto UTF-8.",
        "The file is not UTF-8 text.",
    ),
    "FILE_TOO_LARGE": Meaning(
        "El archivo supera 64 MB.",
        "The file is larger than 64 MB.",
    ),
    "FILTER_INVALID": Meaning(
        "Un filtro de la consulta no es válido (un número que no lo es, un valor fuera de la lista).",
        "A query filter is not valid (a number that is not one, a value not in the list).",
    ),
    "FINAL_CONTROL_DONE": Meaning(
        "El control final de hoy ya está firmado.",
        "Today's final control is already signed.",
    ),
    "FINDING_UNKNOWN": Meaning(
        "Esa diferencia no figura en la conciliación de la sesión.",
        "That variance is not in the session's reconciliation.",
    ),
    "FLOAT_INSUFFICIENT": Meaning(
        "La banca tiene … fichas de … y se piden …: no se pagan fichas que la banca no tiene; pida un relleno.",
        "The float holds … chips of … and … are asked for: chips the float does not hold are not paid out; request a fill.",
    ),
    "FLOAT_NOT_LOCKED": Meaning(
        "Para suspender la mesa la banca debe quedar cerrada con llave (DECK-12).",
        "To suspend the table the float must be locked (DECK-12).",
    ),
    "FOREIGN_CHIPS_REFUSED": Meaning(
        "Fichas de otro juego o de otro casino: no se aceptan.",
        "Chips of another set or another casino are refused.",
    ),
    "FORM_ALREADY_SUBMITTED": Meaning(
        "Este formulario ya se envió; no se registró de nuevo.",
        "This form was already submitted; nothing was recorded again.",
    ),
    "FORM_TOKEN_INVALID": Meaning(
        "El formulario no es válido; vuelva a cargar la página.",
        "The form is not valid; reload the page.",
    ),
    "GAMING_DAY_ALREADY_OPEN": Meaning(
        "Ya hay una jornada abierta: ciérrela antes de abrir otra.",
        "A gaming day is already open: close it before opening another.",
    ),
    "GAMING_DAY_CLOSED": Meaning(
        "La jornada ya está cerrada.",
        "The gaming day is already closed.",
    ),
    "GAMING_DAY_EXISTS": Meaning(
        "La jornada del … ya existe.",
        "The gaming day … already exists.",
    ),
    "GAMING_DAY_NOT_FOUND": Meaning(
        "No hay jornada del ….",
        "There is no gaming day ….",
    ),
    "GAMING_DAY_STILL_OPEN": Meaning(
        "La jornada del … sigue abierta: ciérrela antes de archivarla, o pida un archivo "
        "provisional.",
        "The gaming day of … is still open: close it first, or ask for a provisional archive.",
    ),
    "GRAND_TOTAL_MISMATCH": Meaning(
        "La suma de las denominaciones es …, no … (OPEN-11).",
        "The denominations add up to …, not … (OPEN-11).",
    ),
    "HANDLING_INVALID": Meaning(
        "Gestión de efectivo grande desconocida.",
        "Unknown large-cash handling.",
    ),
    "HAND_INCOMPLETE": Meaning(
        "La mano está incompleta: … (el motor explica qué falta).",
        "The hand is incomplete: … (the engine says what is missing).",
    ),
    "HAND_IN_PROGRESS": Meaning(
        "Ya hay una mano en juego en esta mesa.",
        "A hand is already in progress at this table.",
    ),
    "HAND_MALFORMED": Meaning(
        "La mano no se puede leer: … (el motor explica dónde).",
        "The hand cannot be read: … (the engine says where).",
    ),
    "HAND_NOT_FOUND": Meaning(
        "Mano no encontrada.",
        "Hand not found.",
    ),
    "HAND_NOT_INVALID": Meaning(
        "Solo una mano inválida se corrige.",
        "Only an invalid hand is corrected.",
    ),
    "HAND_NUMBER_INVALID": Meaning(
        "Número de mano inválido.",
        "Invalid hand number.",
    ),
    "HAND_NUMBER_REQUIRED": Meaning(
        "Indique la mano de la infracción: la sanción empieza en la siguiente (SANC-09).",
        "Give the offending hand: the sanction starts with the next one (SANC-09).",
    ),
    "HAND_RESOLVED": Meaning(
        "La mano ya fue revisada y firmada por el jefe de sector.",
        "The hand was already reviewed and signed by the pit boss.",
    ),
    "HAND_TIMES": Meaning(
        "La mano no puede terminar antes de empezar.",
        "A hand cannot end before it starts.",
    ),
    "HAND_TIME_IN_FUTURE": Meaning(
        "La hora de la mano (…) es posterior a la del servidor (…); revise el reloj del dispositivo.",
        "The hand's time (…) is later than the server's (…); check the device's clock.",
    ),
    "HAND_TIME_OUTSIDE_SESSION": Meaning(
        "La mano (…) no cae dentro de la sesión de mesa (… – …).",
        "The hand (…) does not fall within the table session (… – …).",
    ),
    "HOLE_CARDS_COUNT": Meaning(
        "El asiento … debe tener exactamente dos cartas.",
        "Seat … must hold exactly two cards.",
    ),
    "IDEMPOTENCY_KEY_INVALID": Meaning(
        "La clave de idempotencia debe tener como máximo 128 caracteres imprimibles.",
        "The idempotency key must be at most 128 printable characters.",
    ),
    "IDEMPOTENCY_KEY_REUSED": Meaning(
        "Esta clave de idempotencia ya se usó con otra solicitud.",
        "This idempotency key was already used with a different request.",
    ),
    "IMMEDIATE_REASON_REQUIRED": Meaning(
        "Una sanción inmediata lleva su motivo.",
        "An immediate sanction carries its reason.",
    ),
    "INCIDENT_CLOSED": Meaning(
        "El incidente … está cerrado: no admite más pasos.",
        "Incident … is closed: it takes no more steps.",
    ),
    "INCIDENT_ESCALATION_DOWNWARD": Meaning(
        "Un incidente se escala hacia arriba (AUTH-01).",
        "An incident is escalated upward (AUTH-01).",
    ),
    "INCIDENT_KIND_INVALID": Meaning(
        "Tipo de incidente desconocido.",
        "Unknown kind of incident.",
    ),
    "INCIDENT_LEVEL_INVALID": Meaning(
        "Nivel desconocido en la escala de incidentes (croupier, supervisor de mesa, jefe de sector, gerente de turno).",
        "Unknown level of the incident escalation path (croupier, table supervisor, pit boss, shift manager).",
    ),
    "INCIDENT_NOT_HELD": Meaning(
        "El incidente está en manos de otro nivel: solo ese nivel lo decide, lo escala o lo cierra.",
        "The incident is held by another level: only that level decides, escalates or closes it.",
    ),
    "INCIDENT_UNDECIDED": Meaning(
        "El nivel que tiene el incidente aún no decidió: decida antes de cerrar.",
        "The level holding the incident has not decided: decide before closing.",
    ),
    "INSPECTION_FAILED": Meaning(
        "Si una carta es imperfecta se rechaza el mazo completo (DECK-07).",
        "If any card is imperfect the whole pack is rejected (DECK-07).",
    ),
    "INSPECTOR_REQUIRED": Meaning(
        "La inspección la hacen dos personas distintas.",
        "Two different people inspect the pack.",
    ),
    "INVALID": Meaning(
        "Valor inválido.",
        "Invalid value.",
    ),
    "IRREGULARITY_INVALID": Meaning(
        "Datos de la irregularidad inválidos: …",
        "Invalid irregularity data: …",
    ),
    "IRREGULARITY_UNKNOWN": Meaning(
        "Irregularidad desconocida: ….",
        "Unknown irregularity: ….",
    ),
    "ISSUER_REQUIRED": Meaning(
        "Toda sanción lleva quién la emite.",
        "Every sanction names who issues it.",
    ),
    "JSON_TOO_DEEP": Meaning(
        "El cuerpo JSON anida más de … niveles; no se registró nada.",
        "The JSON body nests deeper than … levels; nothing was recorded.",
    ),
    "KEY_ALREADY_RETURNED": Meaning(
        "La llave ya se devolvió.",
        "The key was already returned.",
    ),
    "KEY_HELD_BY_SOMEONE_ELSE": Meaning(
        "La llave «…» la tiene …: debe devolverla primero.",
        "Key '…' is held by …: it must come back first.",
    ),
    "KEY_HOLDER_INVALID": Meaning(
        "Las llaves las tienen el gerente de turno, un jefe de sector o un supervisor.",
        "Keys are held by the shift manager, a pit boss or a supervisor.",
    ),
    "KEY_KEEPER_ONLY": Meaning(
        "Las llaves las entregan y reciben el gerente de turno, un jefe de sector o un supervisor.",
        "Keys are handed and received by the shift manager, a pit boss or a supervisor.",
    ),
    "KEY_REQUIRED": Meaning(
        "Indique la llave.",
        "Give the key.",
    ),
    "KIND_INVALID": Meaning(
        "Tipo de cambio desconocido.",
        "Unknown kind of change.",
    ),
    "LANG_INVALID": Meaning(
        "Idioma no admitido (es, en).",
        "Unsupported language (es, en).",
    ),
    "LAST_HAND_ALREADY_ANNOUNCED": Meaning(
        "Ya se anunció la última mano (n.º …).",
        "The last hand was already announced (no. …).",
    ),
    "LAST_HAND_NOT_ANNOUNCED": Meaning(
        "Anuncie primero la última mano de la mesa (CLOSE-01).",
        "Announce the table's last hand first (CLOSE-01).",
    ),
    "LEVEL_NOT_IN_SCALE": Meaning(
        "Ese nivel no está en la escala de … (…).",
        "That level is not on the … scale (…).",
    ),
    "LEVEL_REQUIRED": Meaning(
        "Indique la sanción.",
        "Give the penalty.",
    ),
    "LIMIT_BIG_BET_NOT_DOUBLE": Meaning(
        "En límite fijo la apuesta grande es el doble de la chica (BET-08).",
        "In fixed limit the big bet is twice the small bet (BET-08).",
    ),
    "LINES_REQUIRED": Meaning(
        "Un vale lleva al menos una denominación con fichas.",
        "A slip carries at least one denomination with chips.",
    ),
    "LINE_INVALID": Meaning(
        "Línea de conteo inválida.",
        "Invalid count line.",
    ),
    "LIVE_HAND_CHANGED": Meaning(
        "La mano cambió en otra terminal: revise y repita.",
        "The hand changed on another device: check and repeat.",
    ),
    "LIVE_HAND_CLOSED": Meaning(
        "Esta mano ya no está en curso.",
        "This hand is no longer in progress.",
    ),
    "LOGIN_FAILED": Meaning(
        "Usuario o contraseña incorrectos.",
        "Wrong username or password.",
    ),
    "LOOSE_CHIPS_MAKE_A_STACK": Meaning(
        "… fichas sueltas forman otra pila de …: apílelas.",
        "… loose chips make another stack of …: stack them.",
    ),
    "MALFORMED_REQUEST": Meaning(
        "Solicitud mal formada.",
        "Malformed request.",
    ),
    "METHOD_NOT_ALLOWED": Meaning(
        "Método no permitido.",
        "Method not allowed.",
    ),
    "METHOD_REQUIRED": Meaning(
        "Indique el método de destrucción.",
        "Give the destruction method.",
    ),
    "MISSED_BLINDS_NOT_POSTED": Meaning(
        "Asiento …: al volver debe poner las ciegas que perdió (grande … viva, chica … muerta) (SEAT-06).",
        "Seat …: on returning must post the missed blinds (big … live, small … dead) (SEAT-06).",
    ),
    "NAME_REQUIRED": Meaning(
        "Indique el nombre.",
        "Give the name.",
    ),
    "NEW_PLAYER_ENTRY_INVALID": Meaning(
        "Regla de entrada de jugadores nuevos desconocida (SEAT-05).",
        "Unknown new player entry rule (SEAT-05).",
    ),
    "NEW_PLAYER_IN_BLINDS": Meaning(
        "Asiento …: un jugador nuevo no entra en el botón ni en las ciegas (…); debe esperar a que pasen (SEAT-05).",
        "Seat …: a new player may not come in on the button or the blinds (…); they wait until these pass (SEAT-05).",
    ),
    "NEW_PLAYER_MUST_POST": Meaning(
        "Asiento …: un jugador nuevo coloca … o espera la ciega grande (SEAT-05).",
        "Seat …: a new player posts … or waits for the big blind (SEAT-05).",
    ),
    "NOTE_REQUIRED": Meaning(
        "Escriba una nota que explique la diferencia.",
        "Write a note explaining the difference.",
    ),
    "NOTE_TOO_LONG": Meaning(
        "La nota admite hasta … caracteres.",
        "The note takes at most … characters.",
    ),
    "NOTE_VALUE_UNKNOWN": Meaning(
        "No existe el billete de ….",
        "There is no … bank note.",
    ),
    "NOTHING_TO_APPLY": Meaning(
        "No hay ninguna acción que aplicar.",
        "There is no action to apply.",
    ),
    "NOTHING_TO_UNDO": Meaning(
        "No hay acciones que deshacer.",
        "There is no action to undo.",
    ),
    "NOT_ACCEPTABLE": Meaning(
        "Formato no aceptable.",
        "Not acceptable.",
    ),
    "NOT_AN_IMPOSITION": Meaning(
        "Solo se levanta o reduce una sanción impuesta.",
        "Only an imposed sanction can be lifted or reduced.",
    ),
    "NOT_AN_ORIGINAL": Meaning(
        "Se corrige la mano original, no una revisión.",
        "Correct the original hand, not a revision.",
    ),
    "NOT_AUTHENTICATED": Meaning(
        "Debe iniciar sesión o enviar un token válido.",
        "Authentication credentials were not provided.",
    ),
    "NOT_A_CORRECTION": Meaning(
        "Esta mano se está repartiendo: regístrela como mano.",
        "This hand is being dealt: store it as a hand.",
    ),
    "NOT_A_CROUPIER": Meaning(
        "… no tiene el rol de croupier.",
        "… does not hold the croupier role.",
    ),
    "NOT_A_PROPOSAL": Meaning(
        "Eso no es una propuesta de sanción.",
        "That is not a sanction proposal.",
    ),
    "NOT_A_REPLACEMENT": Meaning(
        "Solo se reemplaza un mazo dañado o rechazado de esta mesa.",
        "Only a damaged or rejected pack of this table is replaced.",
    ),
    "NOT_CROUPIER_ON_DUTY": Meaning(
        "Solo el croupier de turno en la mesa … puede firmar o actuar como croupier.",
        "Only the croupier on duty at table … may sign or act as croupier.",
    ),
    "NOT_FOUND": Meaning(
        "No encontrado (o de otro casino).",
        "Not found (or of another casino).",
    ),
    "NOT_READY_FOR_PLAY": Meaning(
        "La mesa no está lista para jugar: falta algo de la apertura (la respuesta lo dice).",
        "The table is not ready for play: something of the opening is missing (the answer says what).",
    ),
    "NOT_SECTOR_PIT_BOSS": Meaning(
        "No es jefe del sector de la mesa ….",
        "You are not a pit boss of table …'s sector.",
    ),
    "NOT_SESSION_SUPERVISOR": Meaning(
        "No es el supervisor de la mesa …: solo el supervisor de la sesión, o el relevo registrado con hora y motivo, puede hacerlo.",
        "You are not the supervisor of table …: only the session's supervisor, or a relief whose takeover is recorded with time and reason, may do this.",
    ),
    "NOT_WAITING": Meaning(
        "Ya no está esperando.",
        "No longer waiting.",
    ),
    "NO_CASINO": Meaning(
        "Su usuario no pertenece a ningún casino.",
        "Your user does not belong to any casino.",
    ),
    "NO_CHANGES": Meaning(
        "No hay cambios.",
        "Nothing to change.",
    ),
    "NO_CROUPIER_ON_DUTY": Meaning(
        "No hay croupier asignado a la mesa.",
        "No croupier is assigned to the table.",
    ),
    "NO_FLOAT_MOVEMENT": Meaning(
        "Una compra con fichas de la caja o de otra mesa no mueve efectivo ni fichas de la banca; registre un cambio de color si hace falta.",
        "A buy-in with chips from the cage or another table moves no cash and no float chips; record a colour change if needed.",
    ),
    "NO_GAMING_DAY": Meaning(
        "No hay jornadas.",
        "There is no gaming day.",
    ),
    "NO_HAND_IN_PROGRESS": Meaning(
        "No hay una mano en juego: el cambio entre manos se hace con la banca.",
        "No hand is in progress: a change between hands is made from the float.",
    ),
    "NO_OPEN_GAMING_DAY": Meaning(
        "No hay una jornada abierta: el gerente de turno debe abrirla.",
        "There is no open gaming day: the shift manager must open one.",
    ),
    "NO_PACK_IN_PLAY": Meaning(
        "Ningún mazo está en juego en la mesa.",
        "No pack is in play at the table.",
    ),
    "NO_ROLE": Meaning(
        "Sin rol.",
        "No role.",
    ),
    "NUMBER_INVALID": Meaning(
        "Número inválido.",
        "Invalid number.",
    ),
    "OBSERVED_INVALID": Meaning(
        "Hechos observados inválidos: …",
        "Invalid observed facts: …",
    ),
    "OBSERVED_OUT_OF_BETTING": Meaning(
        "Solo se interpretan acciones observadas durante una ronda de apuestas.",
        "Observed actions are interpreted only during a betting round.",
    ),
    "OPENING_NOT_SIGNED": Meaning(
        "La planilla de apertura no tiene las tres firmas: la mesa no puede jugar.",
        "The opening sheet does not have its three signatures: the table cannot play.",
    ),
    "OVERRIDE_NOT_INDEPENDENT": Meaning(
        "La excepción la autoriza un jefe de sector distinto de quien registra la compra.",
        "The override is authorised by a pit boss other than the person recording the buy-in.",
    ),
    "OVERRIDE_REASON_REQUIRED": Meaning(
        "La excepción a los límites de compra necesita un motivo.",
        "An override of the buy-in limits needs a reason.",
    ),
    "PACKS_REQUIRED": Meaning(
        "Indique los mazos entregados.",
        "List the packs delivered.",
    ),
    "PACK_ALREADY_IN_PLAY": Meaning(
        "Ya hay un mazo en juego en la mesa: use la rotación.",
        "A pack is already in play at the table: rotate instead.",
    ),
    "PACK_COLOUR_REQUIRED": Meaning(
        "Falta el color del dorso.",
        "The back colour is missing.",
    ),
    "PACK_DAMAGED": Meaning(
        "El mazo … tiene una carta dañada: reemplácelo antes de la próxima mano.",
        "Pack … has a damaged card: replace it before the next hand.",
    ),
    "PACK_INCOMPLETE": Meaning(
        "Un mazo incompleto no descansa: retírelo del juego.",
        "An incomplete pack does not rest: withdraw it.",
    ),
    "PACK_NOT_AT_TABLE": Meaning(
        "El mazo … no está en esta mesa.",
        "Pack … is not at this table.",
    ),
    "PACK_NOT_FOUND": Meaning(
        "Mazo no encontrado.",
        "Pack not found.",
    ),
    "PACK_NOT_REUSABLE": Meaning(
        "El mazo … no se declaró completo: no es reutilizable; clasifíquelo como descarte o "
        "reemplazo.",
        "Pack … was not declared complete: it is not reusable; classify it as discard or "
        "replacement.",
    ),
    "PACK_REQUIRED": Meaning(
        "Elija el mazo que entra.",
        "Choose the pack coming in.",
    ),
    "PACK_SERIAL_REPEATED": Meaning(
        "El mazo … figura dos veces.",
        "Pack … is listed twice.",
    ),
    "PACK_SERIAL_REQUIRED": Meaning(
        "Falta el número del mazo.",
        "The pack number is missing.",
    ),
    "PACK_SERIAL_TAKEN": Meaning(
        "Ya hay mazos registrados con esos números: ….",
        "Packs with those numbers already exist: ….",
    ),
    "PAPER_INVALID": Meaning(
        "Papel no admitido (A4, Letter).",
        "Unsupported paper (A4, Letter).",
    ),
    "PASSWORD_TOO_WEAK": Meaning(
        "La contraseña no cumple las reglas de seguridad.",
        "The password does not meet the security rules.",
    ),
    "PENALISED_DEALT_DEAD": Meaning(
        "Sancionado: asiento … recibe cartas y pone ciegas; su mano está muerta (SANC-13).",
        "Penalised: seat … is dealt in and posts; the hand is dead (SANC-13).",
    ),
    "PERMISSION_DENIED": Meaning(
        "No tiene permiso para esta acción en el rol en que actúa.",
        "You are not allowed to do this in the role you act in.",
    ),
    "PIN_FORMAT": Meaning(
        "El PIN tiene de 4 a 8 dígitos.",
        "A PIN has 4 to 8 digits.",
    ),
    "PIN_INVALID": Meaning(
        "PIN incorrecto o usuario inactivo.",
        "Wrong PIN or inactive user.",
    ),
    "PIN_LOCKED": Meaning(
        "El PIN de … está bloqueado por intentos fallidos hasta las …; un jefe de sector puede desbloquearlo.",
        "…'s PIN is locked after failed attempts until …; a pit boss can unlock it.",
    ),
    "PIN_NOT_LOCKED": Meaning(
        "El PIN de … no está bloqueado.",
        "…'s PIN is not locked.",
    ),
    "PIN_REQUIRED": Meaning(
        "… debe confirmar con su PIN personal.",
        "… must confirm with their personal PIN.",
    ),
    "PIN_TERMINAL_NOT_SUPERVISOR": Meaning(
        "El PIN de … se ingresa en la terminal del supervisor de la mesa ….",
        "…'s PIN is entered on the terminal of table …'s supervisor.",
    ),
    "PIN_TOO_SIMPLE": Meaning(
        "PIN demasiado fácil de adivinar (repetido o consecutivo).",
        "PIN too easy to guess (repeated or consecutive digits).",
    ),
    "PIN_UNLOCK_NOT_INDEPENDENT": Meaning(
        "Nadie desbloquea su propio PIN.",
        "Nobody unlocks their own PIN.",
    ),
    "PIT_BOSS_REQUIRED": Meaning(
        "Solo el jefe de sector puede exceptuar las listas previas.",
        "Only the pit boss may override the pre-opening checklists.",
    ),
    "PLAYERS_IN_HAND_INVALID": Meaning(
        "Indique cuántos jugadores recibieron cartas en la mano sancionada (2 a 10).",
        "Say how many players were dealt into the offending hand (2 to 10).",
    ),
    "PLAYER_ALREADY_SEATED": Meaning(
        "El jugador ya está sentado en esta mesa.",
        "The player is already seated at this table.",
    ),
    "PLAYER_NOT_FOUND": Meaning(
        "Jugador no encontrado.",
        "Player not found.",
    ),
    "PLAYER_REQUIRED": Meaning(
        "Indique el jugador (registrado o por descripción/asiento).",
        "Name the player (registered, or by description/seat).",
    ),
    "POST_ON_BLIND": Meaning(
        "El asiento … ya pone una ciega: no puede además colocar.",
        "Seat … already posts a blind and cannot also post.",
    ),
    "PREP_CHECKLISTS_MISSING": Meaning(
        "Antes del conteo de apertura faltan las listas de control previas (jefe de sector y supervisor), o la excepción escrita del jefe de sector.",
        "The pre-opening checklists (pit boss and supervisor) are missing, or the pit boss's written override, before the opening count.",
    ),
    "PROPOSAL_ALREADY_DECIDED": Meaning(
        "Esa propuesta ya fue resuelta.",
        "That proposal was already decided.",
    ),
    "RAKE_ABOVE_JURISDICTION_LIMIT": Meaning(
        "Con el reglamento … la comisión no puede superar el … % del pozo (RAKE-03).",
        "Under the … ruleset the rake cannot exceed …% of the pot (RAKE-03).",
    ),
    "RAKE_ALREADY_POSTED": Meaning(
        "La mano … ya tiene comisión registrada.",
        "Hand … already has a rake posted.",
    ),
    "RAKE_CAP_SCOPE_INVALID": Meaning(
        "Alcance del tope de comisión desconocido (por pozo o por mano).",
        "Unknown rake cap scope (per pot or per hand).",
    ),
    "RAKE_INVALID": Meaning(
        "Porcentaje de comisión inválido.",
        "Invalid rake percentage.",
    ),
    "RAKE_MODE_INVALID": Meaning(
        "Modo de comisión desconocido.",
        "Unknown rake mode.",
    ),
    "RAKE_NOT_ALLOWED": Meaning(
        "Esta mesa no cobra comisión por bote (torneo o cargo por asiento).",
        "This table takes no pot rake (tournament or seat charge).",
    ),
    "RAKE_ROUNDING_INVALID": Meaning(
        "Redondeo de comisión desconocido: hacia abajo a la ficha mínima o a la más cercana (RAKE-07).",
        "Unknown rake rounding: down to the smallest chip or to the nearest (RAKE-07).",
    ),
    "REASON_REQUIRED": Meaning(
        "Indique el motivo.",
        "Give the reason.",
    ),
    "REBUY_AMOUNTS_INVALID": Meaning(
        "Los montos de recompra son importes positivos distintos (hasta 10), con dos decimales como máximo (BUYIN-04).",
        "The re-buy amounts are distinct positive amounts (up to 10), with at most two decimals (BUYIN-04).",
    ),
    "REBUY_AMOUNT_NOT_ALLOWED": Meaning(
        "Las recompras de esta mesa son de … (BUYIN-04); … no lo es.",
        "This table's re-buys are … (BUYIN-04); … is not one of them.",
    ),
    "REBUY_ONLY_WHEN_BUSTED": Meaning(
        "En esta mesa solo se recompra sin fichas.",
        "At this table a re-buy is allowed only with no chips left.",
    ),
    "REBUY_STACK_REQUIRED": Meaning(
        "Para una recompra indique las fichas que el jugador tiene en la mesa: el total no puede superar el máximo de ….",
        "For a re-buy give the chips the player has on the table: the total may not exceed the maximum of ….",
    ),
    "RECEIPT_NOT_SIGNED": Meaning(
        "Los mazos entran al depósito cuando el jefe de sector firma la constancia.",
        "Packs enter the store when the pit boss signs the receipt.",
    ),
    "RECORD_IMMUTABLE": Meaning(
        "El registro está firmado o es de solo agregado: no se puede modificar.",
        "The record is signed or append-only and cannot be changed.",
    ),
    "REDEAL_OF_INVALID": Meaning(
        "Solo se redistribuye una mano anulada de la misma sesión (MISDEAL-13).",
        "Only a void hand of the same session is redealt (MISDEAL-13).",
    ),
    "REDUCTION_NOT_LIGHTER": Meaning(
        "«…» no es más leve que «…».",
        "'…' is not lighter than '…'.",
    ),
    "RELIEF_NOT_ALLOWED": Meaning(
        "El relevo del supervisor lo registra el jefe de sector o el gerente de turno.",
        "A supervisor's relief is recorded by the pit boss or the shift manager.",
    ),
    "RELIEF_REASON_REQUIRED": Meaning(
        "Escriba el motivo del relevo del supervisor (al menos … caracteres).",
        "Write the reason for the supervisor's relief (at least … characters).",
    ),
    "RELIEF_REASON_TOO_LONG": Meaning(
        "El motivo del relevo admite hasta 300 caracteres.",
        "The relief's reason takes at most 300 characters.",
    ),
    "RELIEF_SAME_SUPERVISOR": Meaning(
        "… ya es el supervisor de la mesa ….",
        "… is already the supervisor of table ….",
    ),
    "REPLACEMENT_COLOUR": Meaning(
        "El reemplazo debe ser del mismo color (…).",
        "The replacement must be the same colour (…).",
    ),
    "REPLACEMENT_NOT_READY": Meaning(
        "El mazo … no está inspeccionado y listo.",
        "Pack … is not inspected and ready.",
    ),
    "REPORT_EXPORT_MISSING": Meaning(
        "Este informe se imprimió sin sus tablas exportables: reimprímalo.",
        "This report was printed without its exportable tables: reprint it.",
    ),
    "REPORT_FILE_MISSING": Meaning(
        "Falta el archivo del informe.",
        "The report file is missing.",
    ),
    "REPORT_KIND_UNKNOWN": Meaning(
        "No existe el informe «…».",
        "There is no report named '…'.",
    ),
    "REPORT_NOT_ALLOWED": Meaning(
        "Solo el jefe de sector, el gerente y el auditor ven la planilla de sector.",
        "Only the pit boss, the manager and the auditor see the sector sheet.",
    ),
    "REPORT_NOT_READY": Meaning(
        "El informe original todavía no está listo.",
        "The original report is not ready yet.",
    ),
    "REPORT_NOT_SIGNABLE": Meaning(
        "El informe … no se firma: solo se firman los originales de la planilla de control, la planilla de sector y la hoja de seguimiento del jugador.",
        "Report … is not signed: only the originals of the control sheet, the sector sheet and the player tracking sheet are signed.",
    ),
    "REPORT_NOT_SIGNED": Meaning(
        "El informe … todavía no tiene todas sus firmas.",
        "Report … does not have all its signatures yet.",
    ),
    "REPORT_OUT_OF_SCOPE": Meaning(
        "No es jefe del sector ….",
        "You are not the pit boss of sector ….",
    ),
    "REPORT_OUT_OF_SHIFT": Meaning(
        "Solo puede ver los informes de la mesa de los turnos que supervisó: indique su turno.",
        "You may only see the table's reports of the shifts you supervised: give your shift.",
    ),
    "REPORT_PROVISIONAL": Meaning(
        "La planilla es provisional: la mesa … no está cerrada. Firme la planilla generada después del cierre.",
        "The sheet is provisional: table … is not closed. Sign the sheet rendered after the closing.",
    ),
    "REPORT_SIGNER_NOT_NAMED": Meaning(
        "… no es quien firma … como «…»: la firma el supervisor de la sesión o un jefe del sector de la mesa.",
        "… is not who signs … as '…': the session's supervisor or a pit boss of the table's sector signs it.",
    ),
    "REPORT_SIGN_NOT_ALLOWED": Meaning(
        "El rol «…» no firma planillas de cierre.",
        "The role '…' does not sign closing sheets.",
    ),
    "REPORT_SIGN_ROLE_NOT_ALLOWED": Meaning(
        "… no se firma como «…»; se firma como: ….",
        "… is not signed as '…'; it is signed as: ….",
    ),
    "REPORT_STALE": Meaning(
        "Los datos cambiaron desde que se generó el informe …: genere el informe de nuevo y firme el nuevo.",
        "The data changed since report … was rendered: render the report again and sign the new one.",
    ),
    "REQUEST_TOO_LARGE": Meaning(
        "La solicitud es demasiado grande; envíe los archivos como adjunto.",
        "The request is too large; send files as an upload.",
    ),
    "REVERSAL_OF_REVERSAL": Meaning(
        "Una anulación no se anula: registre la transacción de nuevo.",
        "A reversal is not reversed: record the transaction again.",
    ),
    "REVIEW_EXISTS": Meaning(
        "Ya hay una revisión en curso para esta mano con otra corrección.",
        "A review with another correction already exists for this hand.",
    ),
    "REVISION_INVALID": Meaning(
        "La revisión de la mano también es inválida: corríjala antes de firmar.",
        "The hand's revision is invalid too: correct it before signing.",
    ),
    "ROLES_REQUIRED": Meaning(
        "Indique al menos un rol.",
        "Give at least one role.",
    ),
    "ROLE_ALREADY_SIGNED": Meaning(
        "El rol «…» ya firmó este documento.",
        "The role '…' has already signed this document.",
    ),
    "ROLE_NOT_HELD": Meaning(
        "No tiene el rol «…».",
        "You do not hold the role '…'.",
    ),
    "ROLE_NOT_REQUIRED": Meaning(
        "Un vale no se firma con el rol «…».",
        "A slip is not signed as '…'.",
    ),
    "ROLE_REQUIRED": Meaning(
        "Tiene varios roles que permiten esta acción: indique en cuál actúa (…).",
        "You hold several roles that allow this action: say which one you act in (…).",
    ),
    "ROTA_CHANGED": Meaning(
        "La rotación cambió en otra terminal: revise la versión vigente y repita.",
        "The rota changed on another terminal: check the version in force and repeat.",
    ),
    "ROTA_CHANGE_INVALID": Meaning(
        "Indique si la mesa cierra o abre.",
        "Say whether the table closes or opens.",
    ),
    "ROTA_EXISTS": Meaning(
        "La jornada ya tiene su rotación: re-planifíquela desde su página.",
        "The gaming day already has its rota: re-plan it from its page.",
    ),
    "ROTA_MINUTES_INVALID": Meaning(
        "Indique entre … y … minutos.",
        "Give between … and … minutes.",
    ),
    "ROTA_NO_CROUPIERS": Meaning(
        "Elija los croupiers disponibles en el turno.",
        "Choose the croupiers available in the shift.",
    ),
    "ROTA_NO_TABLES": Meaning(
        "Elija las mesas abiertas del turno.",
        "Choose the open tables of the shift.",
    ),
    "ROTA_OVER": Meaning(
        "El turno de esta rotación ya terminó.",
        "This rota's shift is over.",
    ),
    "ROTA_PERIOD_INVALID": Meaning(
        "El turno termina después de empezar, y dura 24 horas como máximo.",
        "The shift ends after it starts, and lasts 24 hours at most.",
    ),
    "ROTA_TABLE_IN_PLAN": Meaning(
        "Esa mesa ya está en la rotación.",
        "That table is already in the rota.",
    ),
    "ROTA_TABLE_NOT_OPEN": Meaning(
        "Esa mesa no está abierta en la rotación.",
        "That table is not open in the rota.",
    ),
    "ROTA_TABLE_UNKNOWN": Meaning(
        "Esa mesa no es una mesa activa de este casino.",
        "That table is not an active table of this casino.",
    ),
    "ROTATION_PACK_NOT_READY": Meaning(
        "El mazo … no está listo para entrar (estado «…»).",
        "Pack … is not ready to come in (state '…').",
    ),
    "ROTATION_PACK_REQUIRED": Meaning(
        "En cada cambio de croupier entra un mazo del otro color: indique cuál (DECK-09).",
        "At each dealer change a pack of the other colour comes in: say which (DECK-09).",
    ),
    "ROTATION_SAME_COLOUR": Meaning(
        "En la rotación entra el otro color, no … (DECK-09).",
        "Rotation brings in the other colour, not … (DECK-09).",
    ),
    "RULESET_INVALID": Meaning(
        "Reglamento desconocido.",
        "Unknown ruleset.",
    ),
    "SAME_COLOUR_AT_TABLE": Meaning(
        "La mesa ya tiene un mazo …: los dos mazos deben ser de colores distintos (DECK-04).",
        "The table already has a … pack: its two packs must be different colours (DECK-04).",
    ),
    "SAME_CROUPIER": Meaning(
        "… ya está de turno en esta mesa.",
        "… is already on duty at this table.",
    ),
    "SAME_PERSON_TWO_ROLES": Meaning(
        "El supervisor de la mesa no puede ser su croupier.",
        "The table's supervisor cannot be its croupier.",
    ),
    "SANCTION_ALREADY_LIFTED": Meaning(
        "La sanción ya fue levantada.",
        "The sanction was already lifted.",
    ),
    "SEATS_COUNT": Meaning(
        "Una mano de Texas Hold'em tiene de 2 a 10 jugadores.",
        "A Texas hold'em hand has 2 to 10 players.",
    ),
    "SEATS_OUT_OF_RANGE": Meaning(
        "Una mesa tiene de 2 a 10 asientos.",
        "A table has 2 to 10 seats.",
    ),
    "SEAT_EMPTY": Meaning(
        "El asiento … está vacío.",
        "Seat … is empty.",
    ),
    "SEAT_INVALID": Meaning(
        "La mesa tiene … asientos.",
        "The table has … seats.",
    ),
    "SEAT_NOT_IN_HAND": Meaning(
        "Ese asiento no está jugando la mano.",
        "That seat is not playing the hand.",
    ),
    "SEAT_NOT_OCCUPIED": Meaning(
        "Nadie está sentado en el asiento ….",
        "Nobody is sitting in seat ….",
    ),
    "SEAT_OCCUPIED": Meaning(
        "El asiento … está ocupado por ….",
        "Seat … is taken by ….",
    ),
    "SEAT_STATUS_INVALID": Meaning(
        "Estado de asiento inválido.",
        "Invalid seat status.",
    ),
    "SEAT_TAKEN": Meaning(
        "El asiento … está ocupado.",
        "Seat … is taken.",
    ),
    "SECTOR_NOT_FOUND": Meaning(
        "Sector no encontrado.",
        "Sector not found.",
    ),
    "SECTOR_REQUIRED": Meaning(
        "Indique su sector: solo puede ver la planilla de los sectores a su cargo.",
        "Give your sector: you may only see the sheet of the sectors you are pit boss of.",
    ),
    "SEQUENCE_GAP": Meaning(
        "Faltan manos en la secuencia: n.º … no registradas.",
        "Hands missing from the sequence: no. … not recorded.",
    ),
    "SEQUENCE_UNKNOWN": Meaning(
        "Secuencia desconocida.",
        "Unknown sequence.",
    ),
    "SERVICE_UNAVAILABLE": Meaning(
        "La base de datos no está disponible; no se registró nada. Reintente.",
        "The database is unavailable; nothing was recorded. Retry.",
    ),
    "SESSION_ALREADY_LIVE": Meaning(
        "La mesa ya tiene una sesión sin cerrar (estado «…»).",
        "The table already has a session that is not closed ('…').",
    ),
    "SESSION_MOVE_NOT_ALLOWED": Meaning(
        "La mesa está «…» y no puede pasar a «…».",
        "The table is '…' and cannot move to '…'.",
    ),
    "SESSION_NOT_ACCEPTING": Meaning(
        "La mesa está en estado «…»: no recibe comisión.",
        "The table is '…': it takes no rake.",
    ),
    "SESSION_NOT_CLOSED": Meaning(
        "La caja de drop se cuenta al cierre de la mesa.",
        "The drop box is counted when the table closes.",
    ),
    "SESSION_NOT_FOUND": Meaning(
        "Sesión de mesa no encontrada.",
        "Table session not found.",
    ),
    "SESSION_NOT_OPEN": Meaning(
        "La mesa no está abierta.",
        "The table is not open.",
    ),
    "SESSION_REQUIRED": Meaning(
        "Indique la mesa (sesión).",
        "Say which table session.",
    ),
    "SESSION_STATE": Meaning(
        "El estado de la mesa no permite esta acción; details.required lista los estados.",
        "The table's state does not allow this action; details.required lists the states.",
    ),
    "SETTINGS_NOT_OF_TABLE": Meaning(
        "La configuración indicada no es de esta mesa.",
        "The settings given are not this table's.",
    ),
    "SETTING_INVALID": Meaning(
        "Debe ser verdadero o falso.",
        "Must be true or false.",
    ),
    "SETTING_UNKNOWN": Meaning(
        "Ajustes desconocidos: ….",
        "Unknown settings: ….",
    ),
    "SHEET_NOT_SIGNED": Meaning(
        "La planilla aún no tiene sus tres firmas: no hay copias que depositar.",
        "The sheet does not have its three signatures yet: no copies to deposit.",
    ),
    "SHIFT_CHANGE_NOT_ALLOWED": Meaning(
        "El cambio de turno lo registra el jefe de sector o el gerente de turno.",
        "A shift change is recorded by the pit boss or the shift manager.",
    ),
    "SHIFT_CHANGE_SLOT_INVALID": Meaning(
        "Indique quién firma: supervisor saliente, jefe de sector o supervisor entrante.",
        "Say who signs: outgoing supervisor, pit boss or incoming supervisor.",
    ),
    "SHIFT_NOT_FOUND": Meaning(
        "La jornada no tiene ese turno (la respuesta lista sus turnos).",
        "The gaming day has no such shift (the answer lists its shifts).",
    ),
    "SIGNATURE_CONFLICT": Meaning(
        "Otra firma se registró al mismo tiempo; vuelva a intentarlo.",
        "Another signature was recorded at the same time; try again.",
    ),
    "SIGNATURE_OUT_OF_ORDER": Meaning(
        "El vale … aún no tiene la firma de «…».",
        "Slip … does not have the '…' signature yet.",
    ),
    "SIGNED_CONTENT_CHANGED": Meaning(
        "Los datos cambiaron después de la firma del informe …: la copia firmada ya no diría lo que se firmó. El original firmado sigue archivado.",
        "The data changed after report … was signed: a signed copy would no longer say what was signed. The signed original stays in the archive.",
    ),
    "SIGNER_ALREADY_SIGNED": Meaning(
        "… ya firmó este documento en otro rol: una persona firma una sola vez.",
        "… has already signed this document in another role: one person signs once.",
    ),
    "SIGNER_REQUIRED": Meaning(
        "Indique el croupier que recibe el vale; firma con su PIN.",
        "Say which croupier receives the slip; they sign with their PIN.",
    ),
    "SIGN_FOR_YOURSELF": Meaning(
        "Solo el croupier firma en la terminal de otro; los demás firman por sí mismos.",
        "Only the croupier signs on someone else's terminal; everyone else signs for themselves.",
    ),
    "SIGN_IN_OWN_ROLE": Meaning(
        "Para firmar como «…» actúe con ese rol.",
        "To sign as '…' act in that role.",
    ),
    "SLIP_ALREADY_VOIDED": Meaning(
        "El vale … ya está anulado o en anulación.",
        "Slip … is already void or being voided.",
    ),
    "SLIP_KIND_INVALID": Meaning(
        "Tipo de vale desconocido: «…» (relleno o crédito).",
        "Unknown slip kind: '…' (fill or credit).",
    ),
    "SLIP_NOT_FOUND": Meaning(
        "Vale no encontrado.",
        "Slip not found.",
    ),
    "SLIP_PURPOSE_INVALID": Meaning(
        "Finalidad desconocida: «…».",
        "Unknown purpose: '…'.",
    ),
    "SLIP_VOIDED": Meaning(
        "El vale … está anulado (o en anulación): no se firma.",
        "Slip … is void (or being voided): it is not signed.",
    ),
    "SOURCE_INVALID": Meaning(
        "Origen de la compra desconocido: «…».",
        "Unknown buy-in source: '…'.",
    ),
    "STACK_MISMATCH": Meaning(
        "Se declaran … en el asiento … antes de la recompra, pero las manos registradas le dan ….",
        "… is declared at seat … before the re-buy, but the hands recorded give it ….",
    ),
    "STACK_NOT_POSITIVE": Meaning(
        "El asiento … no tiene fichas: no puede ser repartido.",
        "Seat … has no chips and cannot be dealt in.",
    ),
    "STAFF_NOT_FOUND": Meaning(
        "Firmante desconocido.",
        "Unknown signer.",
    ),
    "STAFF_REQUIRED": Meaning(
        "Indique quién actúa como «…».",
        "Say who acts as '…'.",
    ),
    "STAFF_ROLE_MISSING": Meaning(
        "… no tiene el rol «…».",
        "… does not hold the role '…'.",
    ),
    "STATE_INVALID": Meaning(
        "Estado de mazo desconocido: «…».",
        "Unknown pack state: '…'.",
    ),
    "STORE_CODE_TAKEN": Meaning(
        "Ya existe ese depósito.",
        "That store already exists.",
    ),
    "STRADDLE_SEAT": Meaning(
        "Hace falta al menos cuatro jugadores para un straddle.",
        "A straddle needs at least four players.",
    ),
    "STREET_NOT_CLOSED": Meaning(
        "La ronda de apuestas sigue abierta: registre antes lo que falta.",
        "The betting round is still open: record what is left of it first.",
    ),
    "STRUCTURE_INVALID": Meaning(
        "Estructura de apuestas desconocida: ….",
        "Unknown betting structure: ….",
    ),
    "STRUCTURE_REQUIRED": Meaning(
        "En una mesa mixta indique si la mano es con límite o sin límite (GAME-13).",
        "At a mixed table say whether the hand is limit or no-limit (GAME-13).",
    ),
    "SUPERVISOR_REQUIRED": Meaning(
        "El supervisor de la mesa confirma la banca vacía junto con el croupier.",
        "The table supervisor confirms the empty rack together with the croupier.",
    ),
    "TABLE_HAS_FUND": Meaning(
        "La mesa ya ofrece otro fondo: desvincúlela antes.",
        "The table already offers another fund: detach it first.",
    ),
    "TABLE_HAS_NO_SETTINGS": Meaning(
        "La mesa no tiene ajustes vigentes.",
        "The table has no settings in force.",
    ),
    "TABLE_HAS_TWO_PACKS": Meaning(
        "La mesa ya tiene sus dos mazos; devuelva uno antes de entregar otro.",
        "The table already has its two packs; return one before issuing another.",
    ),
    "TABLE_INACTIVE": Meaning(
        "La mesa está dada de baja.",
        "The table is inactive.",
    ),
    "TABLE_INVALID": Meaning(
        "Mesa inválida.",
        "Invalid table.",
    ),
    "TABLE_MISMATCH": Meaning(
        "La sesión no es de la mesa de la lista de espera.",
        "The session is not of the waiting list's table.",
    ),
    "TABLE_NOT_FOUND": Meaning(
        "No existe la mesa ….",
        "There is no table ….",
    ),
    "TABLE_NOT_IN_FUND": Meaning(
        "La mesa no está vinculada a este fondo.",
        "The table is not attached to this fund.",
    ),
    "TABLE_NUMBER_TAKEN": Meaning(
        "Ya existe la mesa ….",
        "Table … already exists.",
    ),
    "TABLE_REQUIRED": Meaning(
        "Indique su mesa: solo puede ver los informes de las mesas que supervisó.",
        "Give your table: you may only see the reports of the tables you supervised.",
    ),
    "TABLE_SETTINGS_INVALID": Meaning(
        "La configuración de la mesa no es válida para el motor: …",
        "The table's settings are not valid for the engine: …",
    ),
    "TENDER_KIND_INVALID": Meaning(
        "Tipo de efectivo desconocido: «…» (billete o placa).",
        "Unknown kind of cash: '…' (note or plaque).",
    ),
    "TEXT_REQUIRED": Meaning(
        "Escriba el texto que se pide.",
        "Write the text asked for.",
    ),
    "THRESHOLDS_ORDER": Meaning(
        "El umbral de informe no puede ser menor que el de identificación.",
        "The report threshold cannot be lower than the identification threshold.",
    ),
    "THROTTLED": Meaning(
        "Demasiados intentos; espere antes de reintentar.",
        "Too many attempts; wait before retrying.",
    ),
    "TIME_INVALID": Meaning(
        "Hora inválida (hh:mm).",
        "Invalid time (hh:mm).",
    ),
    "TOKEN_NOT_FOUND": Meaning(
        "Token no encontrado.",
        "Token not found.",
    ),
    "TOTAL_MISMATCH": Meaning(
        "Valor …, … fichas: el total es …, no ….",
        "Value …, … chips: the total is …, not ….",
    ),
    "UNKNOWN_ROLE": Meaning(
        "Rol desconocido: «…».",
        "Unknown role: '…'.",
    ),
    "UNKNOWN_SETTING": Meaning(
        "Ajuste desconocido: ….",
        "Unknown setting: ….",
    ),
    "UNSUPPORTED_MEDIA_TYPE": Meaning(
        "Tipo de contenido no admitido.",
        "Unsupported media type.",
    ),
    "USERNAME_TAKEN": Meaning(
        "El usuario «…» ya existe.",
        "The username '…' is taken.",
    ),
    "VALUE_OUT_OF_RANGE": Meaning(
        "Un valor está fuera del rango admitido; no se registró nada.",
        "A value is out of the accepted range; nothing was recorded.",
    ),
    "VARIANT_INVALID": Meaning(
        "Estructura de apuestas desconocida.",
        "Unknown betting structure.",
    ),
    "VARIANT_SKIPPED": Meaning(
        "Variante … no es Texas Hold'em: se omite.",
        "Variant … is not Texas hold'em: skipped.",
    ),
    "VERIFIER_REQUIRED": Meaning(
        "Indique el supervisor o jefe de sector que verificó el cierre de la banca.",
        "Name the supervisor or pit boss who verified that the float is locked.",
    ),
    "VERSION_INVALID": Meaning(
        "If-Match o version deben llevar la versión de la mano (su ETag, un número entero).",
        "If-Match or version must carry the hand's version (its ETag, a whole number).",
    ),
    "VERSION_REQUIRED": Meaning(
        "Indique la versión de la mano que muestra (If-Match o «version»).",
        "Give the version of the hand you show (If-Match or 'version').",
    ),
    "VOID_ALREADY_CONFIRMED": Meaning(
        "La anulación del vale … ya está confirmada.",
        "The void of slip … is already confirmed.",
    ),
    "VOID_SIGNER_NOT_INDEPENDENT": Meaning(
        "La anulación la confirma una segunda persona, que no la pidió ni firmó el vale.",
        "The void is confirmed by a second person who neither asked for it nor signed the slip.",
    ),
    "VUELTAS_INVALID": Meaning(
        "Las vueltas de sanción son de 1 a 4.",
        "Penalty rounds are 1 to 4 (SANC-03).",
    ),
    "VUELTAS_NOT_APPLICABLE": Meaning(
        "Ese nivel no lleva vueltas.",
        "That level has no penalty rounds.",
    ),
    "WAITING_LIST_ORDER": Meaning(
        "Primero se sienta …: la lista de espera se respeta en orden.",
        "… is seated first: the waiting list goes in order.",
    ),
    "WITNESS_NOT_ON_DUTY": Meaning(
        "… no está de turno en la mesa … como croupier, supervisor o jefe de sector: no puede "
        "ser testigo de la inspección.",
        "… is not on duty at table … as croupier, supervisor or pit boss: he cannot witness "
        "the inspection.",
    ),
    "WITNESS_REQUIRED": Meaning(
        "Indique un testigo distinto de quien destruye.",
        "Name a witness other than the person destroying the pack.",
    ),
    "WRITTEN_REPORT_REQUIRED": Meaning(
        "La diferencia supera el umbral: adjunte el informe escrito.",
        "The difference is above the threshold: attach the written report.",
    ),
    # issue 17 §1, §2: the player registry and exclusions
    "BIRTH_DATE_IN_FUTURE": Meaning(
        "La fecha de nacimiento no puede ser futura.",
        "The birth date cannot be in the future.",
    ),
    "BIRTH_DATE_UNDER_AGE": Meaning(
        "El jugador es menor de la edad mínima: no puede registrarse (GEN-08).",
        "The player is under the minimum age: he cannot be registered (GEN-08).",
    ),
    "DOCUMENT_NUMBER_INVALID": Meaning(
        "El número no es un documento válido de ese tipo (DNI 7 u 8 dígitos, RUT con su dígito verificador...).",
        "The number is not a valid document of that type (DNI 7 or 8 digits, RUT with its check digit...).",
    ),
    "DOCUMENT_TYPE_INVALID": Meaning(
        "Tipo de documento desconocido.",
        "Unknown document type.",
    ),
    "EXCLUSION_ALREADY_LIFTED": Meaning(
        "La exclusión ya fue levantada.",
        "The exclusion was already lifted.",
    ),
    "EXCLUSION_DATES_INVALID": Meaning(
        "La exclusión no puede terminar antes de empezar.",
        "The exclusion cannot end before it starts.",
    ),
    "EXCLUSION_END_REQUIRED": Meaning(
        "Indique hasta cuándo rige la autoexclusión.",
        "Give the date the self-exclusion ends.",
    ),
    "EXCLUSION_LIST_ROW_INVALID": Meaning(
        "Línea …: fila inválida de la lista de exclusiones; no se aplicó nada del archivo.",
        "Line …: invalid row of the exclusion list; nothing of the file was applied.",
    ),
    "EXCLUSION_NOT_LIFTABLE": Meaning(
        "Una entrada de la lista del regulador solo cambia con una nueva versión de la lista.",
        "A regulator's entry changes only with a new version of the list.",
    ),
    "LIST_DATE_REQUIRED": Meaning(
        "Indique la fecha de la lista.",
        "Give the list's date.",
    ),
    "NATIONALITY_INVALID": Meaning(
        "Nacionalidad desconocida: use el código ISO 3166 de dos letras.",
        "Unknown nationality: use the two-letter ISO 3166 code.",
    ),
    "NOT_AN_EXCLUSION": Meaning(
        "Eso es un levantamiento, no una exclusión.",
        "That is a lifting, not an exclusion.",
    ),
    "PLAYER_EXCLUDED": Meaning(
        "… está excluido (…) hasta …: no puede comprar fichas ni sentarse; el intento quedó registrado.",
        "… is excluded (…) until …: no buy-in or seat; the attempt was recorded.",
    ),
    "PLAYER_UNDER_AGE": Meaning(
        "… tiene … años; la edad mínima es … (GEN-08): no puede comprar fichas ni sentarse.",
        "… is …; the minimum age is … (GEN-08): no buy-in or seat.",
    ),
    "SOURCE_REQUIRED": Meaning(
        "Indique el origen de la lista (el regulador).",
        "Give the list's source (the regulator).",
    ),
    # Issue 17 §4: the procedure records (PREP-01, OPEN-17, SHUF-01/04/08, GAME-04/13).
    "ANTE_INVALID": Meaning(
        "Con «ciegas y ante» indique el importe del ante (GAME-04).",
        "With 'blinds and an ante' give the ante amount (GAME-04).",
    ),
    "CHECKLIST_ALREADY_SIGNED": Meaning(
        "La lista de preparación de esta jornada ya está firmada.",
        "This gaming day's preparation checklist is already signed.",
    ),
    "CHECKLIST_ITEM_MISSING": Meaning(
        "Confirme cada punto de la lista antes de firmarla (PREP-01).",
        "Confirm every item of the checklist before signing it (PREP-01).",
    ),
    "CUT_INVALID": Meaning(
        "Indique quién cortó o que el corte fue rechazado, no las dos cosas (SHUF-08).",
        "Say who cut or that the cut was declined, not both (SHUF-08).",
    ),
    "CUT_NOT_OFFERED_TO_SEAT": Meaning(
        "El corte se ofrece solo al jugador antes del botón (asiento …); si lo rechaza corta el croupier (SHUF-08).",
        "The cut is offered only to the player before the button (seat …); if they decline the croupier cuts (SHUF-08).",
    ),
    "CUT_SEAT_INVALID": Meaning(
        "El corte lo hace un jugador de la mano: indique su asiento (SHUF-08).",
        "The cut is made by a player in the hand: give the seat (SHUF-08).",
    ),
    "FORCED_BETS_MISMATCH": Meaning(
        "La mesa juega con ante de …; la mano puso … (GAME-04).",
        "The table plays an ante of …; the hand posted … (GAME-04).",
    ),
    "FORCED_BETS_INVALID": Meaning(
        "Apuestas forzadas desconocidas: dos ciegas, una ciega o ciegas y ante (GAME-04).",
        "Unknown forced bets: two blinds, one blind or blinds and an ante (GAME-04).",
    ),
    "MIXED_SWITCH_INVALID": Meaning(
        "El cambio de estructura es cada 1 a 100 manos, o vacío: una vuelta (GAME-13).",
        "The structure switch is every 1 to 100 hands, or empty: one orbit (GAME-13).",
    ),
    "PLAYERS_PRESENT_INVALID": Meaning(
        "Indique cuántos jugadores hay en la mesa (un número entero hasta los asientos de la mesa).",
        "Say how many players are at the table (a whole number up to the table's seats).",
    ),
    "PLAY_NOT_ANNOUNCED": Meaning(
        "Antes de la primera mano avise al supervisor o al jefe de mesa que el juego comienza (OPEN-17, SHUF-01).",
        "Before the first hand tell the supervisor or the pit boss that play begins (OPEN-17, SHUF-01).",
    ),
    "PREPARATION_CHECKLIST_MISSING": Meaning(
        "La gerencia aún no firmó la lista de preparación de la jornada (PREP-01).",
        "Management has not yet signed the gaming day's preparation checklist (PREP-01).",
    ),
    "PREPARATION_NOT_SHIFT_MANAGER": Meaning(
        "La lista de preparación la firma el gerente de turno (PREP-01).",
        "The preparation checklist is signed by the shift manager (PREP-01).",
    ),
    "SHUFFLE_PROCEDURE_INVALID": Meaning(
        "El procedimiento de mezcla es un texto de hasta 1000 caracteres (SHUF-04).",
        "The shuffle procedure is a text of at most 1000 characters (SHUF-04).",
    ),
    "TOO_FEW_PLAYERS": Meaning(
        "El juego empieza con al menos dos jugadores en la mesa (OPEN-17, SHUF-01).",
        "Play begins with at least two players at the table (OPEN-17, SHUF-01).",
    ),
}


# Issue 42: the tournaments app's refusals, and the tournament rules' own
# (``poker.tournament.errors``: answered as ``TOURNAMENT_<code>``, their words the engine's).
TOURNAMENTS: dict[str, Meaning] = {
    "ALREADY_WAITING": Meaning(
        "El jugador ya está en la lista de espera.", "The player is already waiting."
    ),
    "CHIPS_INVALID": Meaning(
        "Las fichas son un entero mayor que cero.", "Chips are a whole number above zero."
    ),
    "CLOCK_EVENT_KIND_INVALID": Meaning("Evento de reloj desconocido.", "Unknown clock event."),
    "CONSENT_ALREADY_RECORDED": Meaning(
        "Ese jugador ya dio su conformidad al acuerdo.", "That player already agreed to the deal."
    ),
    "DEAL_ALREADY_APPROVED": Meaning(
        "El torneo ya tiene un acuerdo aprobado.", "The tournament already has an approved deal."
    ),
    "DEAL_CONSENT_MISSING": Meaning(
        "Faltan conformidades de jugadores: …", "Players' consents are missing: …"
    ),
    "DEAL_METHOD_INVALID": Meaning(
        "El acuerdo es por fichas o por ICM.", "A deal is by chip count or by ICM."
    ),
    "DEAL_PLAYERS_MISMATCH": Meaning(
        "Las fichas deben ser las de cada jugador que sigue, y solo de ellos.",
        "The chips must be those of every player still in, and only theirs.",
    ),
    "DEAL_STALE": Meaning(
        "Los jugadores que siguen no son los del acuerdo.",
        "The players still in are not those of the deal.",
    ),
    "ELIMINATION_ALREADY_CORRECTED": Meaning(
        "Esa eliminación ya fue corregida.", "That elimination was already corrected."
    ),
    "ENTRY_ALREADY_ARRIVED": Meaning(
        "Ya se registró la llegada del jugador.", "The player's arrival is already recorded."
    ),
    "ENTRY_ALREADY_REFUNDED": Meaning(
        "La inscripción ya fue devuelta.", "The entry was already refunded."
    ),
    "ENTRY_INVALID": Meaning(
        "La inscripción no es de este torneo.", "The entry is not of this tournament."
    ),
    "ENTRY_NOT_IN_PLAY": Meaning(
        "La inscripción ya no está en juego.", "The entry is no longer in play."
    ),
    "ENTRY_NOT_SEATED": Meaning("El jugador no tiene asiento.", "The player has no seat."),
    "EXPEL_LAST_PLAYER": Meaning(
        "El último jugador en pie no se expulsa aquí: decide la gerencia.",
        "The last player standing is not expelled here: management decides.",
    ),
    "MAX_PLAYERS_INVALID": Meaning(
        "El cupo de jugadores es de al menos 2.", "The player limit is at least 2."
    ),
    "MOVE_ALREADY_CONFIRMED": Meaning(
        "Ese traslado ya fue confirmado en esa mesa.",
        "That move was already confirmed at that table.",
    ),
    "MOVE_NOT_A_MOVE": Meaning(
        "Un asiento sorteado a quien entra no se confirma como traslado.",
        "A seat drawn for a player coming in is not confirmed as a move.",
    ),
    "MOVE_SIDE_INVALID": Meaning(
        "El croupier confirma la salida («from») o la llegada («to»).",
        "The dealer confirms the departure ('from') or the arrival ('to').",
    ),
    "NOT_A_COLOUR_UP_BREAK": Meaning(
        "La carrera de fichas se hace en un descanso con retiro de fichas (TDA 24).",
        "The chip race is run at a break with a colour-up (TDA 24).",
    ),
    "NOT_IN_DEAL": Meaning("Ese jugador no está en el acuerdo.", "That player is not in the deal."),
    "NO_ENTRIES": Meaning("El torneo no tiene inscripciones.", "The tournament has no entries."),
    "NO_PRIZE": Meaning("El puesto … no cobra premio.", "Place … wins no prize."),
    "PAYOUTS_LOCKED": Meaning(
        "La tabla de premios ya fue aprobada y está cerrada.",
        "The payout table was already approved and is locked.",
    ),
    "PAYOUTS_NOT_APPROVED": Meaning(
        "La tabla de premios no está aprobada.", "The payout table is not approved."
    ),
    "PAYOUTS_SUPERSEDED": Meaning(
        "Hay una propuesta más nueva de la tabla de premios.",
        "There is a newer proposal of the payout table.",
    ),
    "PLACE_NOT_DECIDED": Meaning(
        "El jugador sigue en juego: su puesto aún no está decidido.",
        "The player is still in: his place is not decided yet.",
    ),
    "PLAYER_ALREADY_REGISTERED": Meaning(
        "El jugador ya está inscripto en el torneo.",
        "The player is already registered in the tournament.",
    ),
    "PLAYER_BUSTED_RE_ENTER": Meaning(
        "El jugador ya jugó este torneo: vuelve por reingreso.",
        "The player already played this tournament: he comes back by re-entry.",
    ),
    "PLAYER_NOT_IDENTIFIED": Meaning(
        "Un torneo inscribe jugadores identificados.",
        "A tournament registers identified players.",
    ),
    "PLAYER_SIGNATURE_REQUIRED": Meaning(
        "El jugador firma el comprobante: escriba el nombre tal como firmó.",
        "The player signs the slip: type the name as he signed it.",
    ),
    "POOL_CHANGED": Meaning(
        "El pozo cambió desde la propuesta: proponga la tabla de nuevo.",
        "The pool changed since the proposal: propose the table again.",
    ),
    "PRIZE_ALREADY_PAID": Meaning(
        "El premio de esa inscripción ya se pagó.", "That entry's prize was already paid."
    ),
    "PURCHASE_KIND_INVALID": Meaning(
        "Una compra de fichas es una recompra o un add-on.",
        "A chip purchase is a rebuy or an add-on.",
    ),
    "REGISTRATION_KIND_INVALID": Meaning(
        "Una inscripción es «entry» o «re_entry».", "A registration is 'entry' or 're_entry'."
    ),
    "REGISTRATION_STILL_OPEN": Meaning(
        "La inscripción tardía sigue abierta.", "Late registration is still open."
    ),
    "RE_ENTRY_AFTER_SANCTION": Meaning(
        "Un jugador descalificado o expulsado no reingresa.",
        "A disqualified or expelled player does not re-enter.",
    ),
    "ROUNDING_INVALID": Meaning(
        "Redondeo desconocido (nearest, up, down).", "Unknown rounding (nearest, up, down)."
    ),
    "SESSION_KIND_INVALID": Meaning(
        "La sesión es de cash o de torneo.", "A session is a cash game or a tournament."
    ),
    "SESSION_NOT_TOURNAMENT": Meaning(
        "La sesión de la mesa no es de torneo.", "The table's session is not a tournament's."
    ),
    "SETTLEMENT_EXISTS": Meaning(
        "El cierre de caja del torneo ya está registrado.",
        "The tournament's settlement is already recorded.",
    ),
    "STACK_INVALID": Meaning(
        "Las fichas al empezar la mano son un entero no negativo.",
        "The chips at the start of the hand are a whole number, not negative.",
    ),
    "STRUCTURE_NAME_TAKEN": Meaning(
        "Ya existe una estructura con ese nombre: cree una versión nueva.",
        "A structure with that name already exists: make a new version.",
    ),
    "STRUCTURE_UNKNOWN": Meaning("Estructura desconocida.", "Unknown structure."),
    "TABLES_REQUIRED": Meaning("Indique las mesas del torneo.", "Give the tournament's tables."),
    "TOURNAMENT_ALREADY_DRAWN": Meaning(
        "Los asientos del torneo ya se sortearon.", "The tournament's seats were already drawn."
    ),
    "TOURNAMENT_FULL": Meaning(
        "El torneo está completo: anote al jugador en la lista de espera.",
        "The tournament is full: put the player on the waiting list.",
    ),
    "TOURNAMENT_NEXT_HAND_DIFFERS": Meaning(
        "La mano siguiente ya empezó (o no) en esa mesa: las fichas halladas salen del juego "
        "(o van al ganador) (TOUR-04).",
        "The next hand has (or has not) started at that table: the chips found leave play "
        "(or go to the winner) (TOUR-04).",
    ),
    "TOURNAMENT_NOT_DRAWN": Meaning(
        "Primero se sortean los asientos del torneo.", "Draw the tournament's seats first."
    ),
    "TOURNAMENT_NOT_FOUND": Meaning("Torneo no encontrado.", "Tournament not found."),
    "TOURNAMENT_ON_BREAK": Meaning(
        "El torneo no está en juego (antes del inicio o en un descanso): no se reparten "
        "manos en sus mesas.",
        "The tournament is not in play (before the start or on a break): its tables deal no hands.",
    ),
    "TOURNAMENT_PLAN_EMPTY": Meaning(
        "Las mesas están equilibradas: no hay cambios que hacer.",
        "The tables are balanced: there are no moves to make.",
    ),
    "TOURNAMENT_SESSION_NO_CASH": Meaning(
        "La mesa es de torneo: no admite compras ni cambios de fichas.",
        "The table is a tournament table: it takes no buy-ins or chip changes.",
    ),
    "TOURNAMENT_STARTED": Meaning(
        "El torneo ya empezó: no se devuelven inscripciones.",
        "The tournament has started: entries are not refunded.",
    ),
    "TOURNAMENT_STATE": Meaning(
        "El torneo está «…»: no admite esta acción.",
        "The tournament is '…': it does not take this action.",
    ),
    "TOURNAMENT_TABLE_IN_USE": Meaning(
        "La mesa ya juega otro torneo.", "The table already plays another tournament."
    ),
    "TOURNAMENT_TABLE_NOT_OPEN": Meaning(
        "La mesa no tiene una sesión de torneo abierta.",
        "The table has no open tournament session.",
    ),
    "WAITING_LIST_FIRST": Meaning(
        "Hay jugadores en lista de espera: entra primero …", "Players are waiting: … enters first."
    ),
    "WINNER_NOT_SEATED": Meaning(
        "El ganador de la mano no está sentado en el torneo.",
        "The winner of the hand is not seated in the tournament.",
    ),
    "WINNER_REQUIRED": Meaning(
        "Antes de la mano siguiente las fichas van al ganador: indíquelo (TOUR-04).",
        "Before the next hand the chips go to the winner: name him (TOUR-04).",
    ),
}


def _engine_words(text: str) -> str:
    return re.sub(r"\{[a-z_]+\}", "…", text)


def _tournament_rules() -> dict[str, Meaning]:
    from poker.tournament.errors import MESSAGES

    return {
        f"TOURNAMENT_{code.value}": Meaning(_engine_words(es), _engine_words(en))
        for code, (es, en) in MESSAGES.items()
    }


TOURNAMENTS.update(_tournament_rules())


def _shown(text: str) -> str:
    """A message as the catalogue shows it: each placeholder by its name."""
    for p in placeholders(text):
        spec = f":{p.spec}" if p.spec else ""
        conv = f"!{p.conversion}" if p.conversion else ""
        text = text.replace(f"{{{p.name}{conv}{spec}}}", f"{{{p.name}}}")
    return text.replace("|", "\\|")


def catalogue() -> dict[str, tuple[int, str, str]]:
    """Every code: (status, Spanish, English), in alphabetical order."""
    out: dict[str, tuple[int, str, str]] = {}
    for code, member in all_codes().items():
        es, en = member.catalogue_words()
        out[code] = (member.status, es, en)
    for code, meaning in {**DOMAIN, **TOURNAMENTS}.items():
        out.setdefault(code, (0, meaning.es, meaning.en))
    return dict(sorted(out.items()))


def choices() -> list[tuple[str, str]]:
    """The choices of the error body's ``code`` (the schema's enum ``ErrorCode``)."""
    return [(code, en) for code, (_status, _es, en) in catalogue().items()]


def markdown() -> str:
    """The table of ``docs/api.md`` (between the ``error-codes`` markers)."""
    rows = ["| code | HTTP | significado | meaning |", "|---|---|---|---|"]
    rows += [
        f"| `{code}` | {status or ''} | {_shown(es)} | {_shown(en)} |"
        for code, (status, es, en) in catalogue().items()
    ]
    return "\n".join(rows) + "\n"
