"""The decisions taken by hand for ``scripts/codemod_refusals.py`` (issue 41 §2): data it
applies on every run, so a rerun after a merge takes them again without hand work.

- ``TEXT_EDITS``: (file, old text, new text), replaced before the conversion: the helpers
  that took sentences and stay are edited to take a code, and a few sites are rewritten
  so that the codemod can read them (a code chosen by an ``if``, a message built in a
  variable, locals only the sentences used). A new text already there counts as applied.
  (The helpers that only built an error from ``(code, es, en)`` need no edit: the codemod
  inlines their calls and removes them.)
- ``MESSAGES``: a code's one message, where its sites said it in several ways (the API
  code stays; its sites take the one message, with the parameters it names).
- ``OVERRIDES``: per site, by ``(code, English)`` or ``(file, code, English)``, the
  English as it reads at the site with each expression in braces
  (``"Seat {seat} is taken."``): ``params`` (name -> source), ``en``/``es`` (a message
  of the site's own), ``code`` (a new code), ``field``/``details`` (source), or
  ``skip`` (a reason: left for hand work).
- ``EXTRA_MEMBERS``: members declared here (code -> (app, status, English, Spanish)),
  for code a text edit writes in the new form.
- ``NAMES``: a parameter's name for a value (source) where the derived one reads badly.

The codes renamed or split (the API answers a new code where it answered the old one):

- ``NOT_FOUND`` for the preparation checklist or the table settings a GET asks for
  (``PREPARATION_CHECKLIST_MISSING`` and ``TABLE_HAS_NO_SETTINGS`` stay the services'
  409: the GET answered them as 404);
- ``PERSON_LACKS_ROLE`` (400): a person named in a field (an override's approver) lacks
  the role; ``ROLE_NOT_HELD`` stays the actor's own (403);
- ``ROLE_NOT_ON_ESCALATION_PATH`` (409): the actor's role is not on the incident path;
  ``INCIDENT_LEVEL_INVALID`` stays the unknown level asked for (400);
- ``NO_GAMING_DAY_IN_MONTH`` (404): the month asked for has no gaming day;
  ``GAMING_DAY_NOT_FOUND`` stays the day.

New codes for the parts of a message (never the code of an answer, but listed with the
others): ``EXCLUSION_ROW_*`` (why a row of an exclusion list is refused, inside
``EXCLUSION_LIST_ROW_INVALID``), ``DECK_UNACCOUNTED_PACK`` and ``DECK_UNKNOWN_PACKS``
(inside ``DECKS_UNACCOUNTED``). ``AMOUNT_NOT_DECIMAL_STRING`` is the casino's (the API's
parser and the cage say it with the same words).

Statuses aligned with the code: ``NOT_FOUND`` is 404 everywhere (it was 400 for an id in
an incident's body, 403 for another casino's slip to sign, 409 for another casino's
session to export); ``SECTOR_NOT_FOUND`` is 404 (it was 400 for a table's sector in the
body).
"""

from __future__ import annotations

from typing import Any

#: The helpers that took sentences.
TEXT_EDITS: list[tuple[str, str, str]] = [
    # require_text: the code carries the message.
    (
        "tables/services/_common.py",
        """def require_text(value: str | None, *, code: str, field: str, es: str, en: str) -> str:
    text = (value or "").strip()
    if not text:
        raise ValidationFailed(code, es, en, field=field)
    return text""",
        """def require_text(value: str | None, *, code: RefusalCode, field: str) -> str:
    text = (value or "").strip()
    if not text:
        raise DomainError.of(code, field=field)
    return text""",
    ),
    # require_status: always SESSION_STATE; the allowed states named in each language.
    (
        "tables/services/_common.py",
        """def require_status(session: TableSession, *allowed: str, code: str = "SESSION_STATE") -> None:
    if session.status not in allowed:
        names = ", ".join(es(S(a).label) for a in allowed)
        raise Conflict(
            code,
            f"La mesa está «{es(S(session.status).label)}»; esta acción requiere: {names}.",""",
        """def require_status(session: TableSession, *allowed: str) -> None:
    if session.status not in allowed:
        raise Conflict(
            "SESSION_STATE",
            f"La mesa está «{es(S(session.status).label)}»; esta acción requiere:"
            f" {', '.join(es(S(a).label) for a in allowed)}.",""",
    ),
    # tables/selectors/access.py _get: the model's own name.
    (
        "tables/selectors/access.py",
        """def _get(actor: Actor, qs: models.QuerySet[M], pk: object, what_es: str, what_en: str) -> M:
    try:
        obj = qs.filter(casino=actor.casino).get(pk=int(str(pk)))
    except (ValueError, TypeError, qs.model.DoesNotExist):
        raise NotFound(
            "NOT_FOUND", f"{what_es} no encontrado/a.", f"{what_en} not found."
        ) from None""",
        """def _get(actor: Actor, qs: models.QuerySet[M], pk: object) -> M:
    try:
        obj = qs.filter(casino=actor.casino).get(pk=int(str(pk)))
    except (ValueError, TypeError, qs.model.DoesNotExist):
        raise DomainError.of(ApiCode.NOT_FOUND, thing=qs.model) from None""",
    ),
    *[
        ("tables/selectors/access.py", f', "{es}", "{en}")', ")")
        for es, en in [
            ("Mesa", "Table"),
            ("Sesión de mesa", "Table session"),
            ("Planilla de apertura", "Opening sheet"),
            ("Planilla de cierre", "Closing sheet"),
            ("Diferencia", "Discrepancy"),
            ("Mazo", "Pack"),
            ("Depósito de naipes", "Card store"),
            ("Constancia", "Receipt"),
            ("Sanción", "Sanction"),
            ("Jugador", "Player"),
        ]
    ],
    # cage/selectors (the access helpers, issue 41 split): an unused helper.
    (
        "cage/selectors/access.py",
        """def _not_found(what_es: str, what_en: str) -> NotFound:
    return NotFound("NOT_FOUND", f"{what_es} no encontrado.", f"{what_en} not found.")


""",
        "",
    ),
    # players: the document's problem, the two codes written out; the rows of a list.
    (
        "tables/services/players.py",
        """    if problem is not None:
        code = (
            "DOCUMENT_TYPE_INVALID"
            if document_type not in DocumentType.values
            else "DOCUMENT_NUMBER_INVALID"
        )
        raise _invalid(
            code,
            problem[0],
            problem[1],
            "document_type" if code == "DOCUMENT_TYPE_INVALID" else field,
        )""",
        """    if problem is not None:
        if document_type not in DocumentType.values:
            raise _invalid(
                "DOCUMENT_TYPE_INVALID", f"{problem[0]}", f"{problem[1]}", "document_type"
            )
        raise _invalid("DOCUMENT_NUMBER_INVALID", f"{problem[0]}", f"{problem[1]}", field)""",
    ),
    (
        "tables/services/players.py",
        """def _row_error(line: int, es: str, en: str, column: str | None = None) -> ValidationFailed:
    return _invalid(
        "EXCLUSION_LIST_ROW_INVALID",
        f"Línea {line}: {es} No se aplicó nada del archivo.",
        f"Line {line}: {en} Nothing of the file was applied.",
        "file",
        line=line,
        **({"column": column} if column else {}),
    )""",
        '''def _row_error(line: int, problem: DomainError, column: str | None = None) -> DomainError:
    """A row of an exclusion list that cannot be read: the whole file is refused."""
    return DomainError.of(
        TablesCode.EXCLUSION_LIST_ROW_INVALID,
        line=line,
        problem=problem,
        field="file",
        details={"line": line, "problem": problem.code, **({"column": column} if column else {})},
    )''',
    ),
    (
        "tables/services/players.py",
        """        raise _row_error(
            line,
            f"fecha «{value}» inválida en {column} (AAAA-MM-DD).",
            f"invalid date '{value}' in {column} (YYYY-MM-DD).",
            column,
        ) from None""",
        """        raise _row_error(
            line, DomainError.of(TablesCode.EXCLUSION_ROW_DATE, value=value, column=column), column
        ) from None""",
    ),
    (
        "tables/services/players.py",
        """        raise _row_error(
            1,
            f"la cabecera debe ser {','.join(LIST_COLUMNS)}.",
            f"the header must be {','.join(LIST_COLUMNS)}.",
        )""",
        """        raise _row_error(1, DomainError.of(TablesCode.EXCLUSION_ROW_HEADER, columns=LIST_COLUMNS))""",
    ),
    (
        "tables/services/players.py",
        """            raise _row_error(
                line,
                f"se esperaban {len(LIST_COLUMNS)} columnas y hay {len(cells)}.",
                f"{len(LIST_COLUMNS)} columns expected, {len(cells)} found.",
            )""",
        """            raise _row_error(
                line,
                DomainError.of(
                    TablesCode.EXCLUSION_ROW_COLUMNS,
                    expected=len(LIST_COLUMNS),
                    found=len(cells),
                ),
            )""",
    ),
    (
        "tables/services/players.py",
        "            raise _row_error(line, problem[0], problem[1], column)",
        """            raise _row_error(
                line, DomainError.of(TablesCode.EXCLUSION_ROW_DOCUMENT, problem=Words(*problem)), column
            )""",
    ),
    (
        "tables/services/players.py",
        """            raise _row_error(
                line,
                "la exclusión termina antes de empezar.",
                "the exclusion ends before it starts.",""",
        """            raise _row_error(
                line,
                DomainError.of(TablesCode.EXCLUSION_ROW_ENDS_EARLY),""",
    ),
    (
        "tables/services/players.py",
        """        raise _row_error(1, "el archivo no está en UTF-8.", "the file is not UTF-8.") from None""",
        """        raise _row_error(1, DomainError.of(TablesCode.EXCLUSION_ROW_ENCODING)) from None""",
    ),
    # the API's parser: an amount sent as a JSON float (the cage's services say the same).
    (
        "casino/api/amounts.py",
        """    return [
        {
            "code": "AMOUNT_NOT_DECIMAL_STRING",
            "message": {
                "es": f"«{path}» es un importe: envíelo como texto decimal («1500.00»), "
                "no como número JSON con decimales, que puede cambiar al leerse.",
                "en": f'“{path}” is an amount: send it as a decimal string ("1500.00"), '
                "not as a JSON number with decimals, which may change when read.",
            },
            "field": path,
        }
        for path in float_amount_paths(serializer, data)
    ]""",
        """    return [
        DomainError.of(CasinoCode.AMOUNT_NOT_DECIMAL_STRING, name=path, field=path).as_dict()
        for path in float_amount_paths(serializer, data)
    ]""",
    ),
    # locals that only the sentences used
    (
        "cage/services/common.py",
        """    # Each language groups its thousands its own way (100.000 / 100,000): a Spanish
    # reader takes "100,000" for a hundred with decimals.
    if isinstance(value, int):
        shown = {
            lang: number(value, lang) if value < 10**15 else f"> {number(MAX_COUNT, lang)}"
            for lang in ("es", "en")
        }
    else:
        shown = dict.fromkeys(("es", "en"), str(value)[:24])
""",
        """    # grouped in the language when printable, else cut (a count of 5,000 digits is sent)
    count = value if isinstance(value, int) and value < 10**15 else str(value)[:24]
""",
    ),
    (
        "cage/services/common.py",
        """            offered = ", ".join(fmt(v) for v in sorted(denominations, reverse=True))
""",
        "",
    ),
    (
        "cage/services/common.py",
        """        names = ", ".join(r.value for r in wanted)
""",
        "",
    ),
    (
        "cage/services/slips.py",
        """        kind_es = "un crédito" if slip.kind == SlipKind.CREDIT else "un relleno"
        kind_en = "a credit" if slip.kind == SlipKind.CREDIT else "a fill"
        order = slip_order.signing_order(slip.kind)
""",
        "",
    ),
    (
        "tables/services/seating.py",
        """        who = row.name or "otro jugador"
""",
        "",
    ),
    # the cage's slip moment: one refusal, the table's state named.
    (
        "cage/services/slips.py",
        """    if purpose == SlipPurpose.CLOSING:
        ok = s.status == TableSession.Status.CLOSING
        message_es = "Un vale de cierre se pide con la mesa en cierre, después del conteo."
        message_en = "A closing slip is requested while the table is closing, after the count."
    else:
        ok = s.status in (
            TableSession.Status.OPEN,
            TableSession.Status.IN_PLAY,
            TableSession.Status.SUSPENDED,
        )
        message_es = f"La mesa está en estado «{es(s.Status(s.status).label)}»: no admite rellenos ni créditos."
        message_en = f"The table is '{en(s.Status(s.status).label)}': it takes no fills or credits."
    if not ok:
        raise Conflict("SESSION_NOT_ACCEPTING", message_es, message_en, field="session")""",
        """    if purpose == SlipPurpose.CLOSING:  # a closing slip: while closing, after the count
        ok = s.status == TableSession.Status.CLOSING
    else:
        ok = s.status in (
            TableSession.Status.OPEN,
            TableSession.Status.IN_PLAY,
            TableSession.Status.SUSPENDED,
        )
    if not ok:
        raise Conflict(
            "SESSION_NOT_ACCEPTING",
            f"La mesa está en estado «{es(s.Status(s.status).label)}»: no admite rellenos ni créditos.",
            f"The table is '{en(s.Status(s.status).label)}': it takes no fills or credits.",
            field="session",
        )""",
    ),
    # the recorder: the two codes of an unreadable hand written out.
    (
        "hands/services/recording.py",
        """        raise ValidationFailed(
            "HAND_INCOMPLETE" if v.code == "HAND_INCOMPLETE" else "HAND_MALFORMED",
            v.message_es,
            v.message_en,
            field=where,
            details={"action": v.action},
        )""",
        """        if v.code == "HAND_INCOMPLETE":
            raise ValidationFailed(
                "HAND_INCOMPLETE",
                f"{v.message_es}",
                f"{v.message_en}",
                field=where,
                details={"action": v.action},
            )
        raise ValidationFailed(
            "HAND_MALFORMED",
            f"{v.message_es}",
            f"{v.message_en}",
            field=where,
            details={"action": v.action},
        )""",
    ),
    # --- round 2 (integration: tournaments, promotions, rota, the controls' form data) ---
    # casino.formdata: invalid() takes the code; each reader's default is a member.
    (
        "casino/formdata.py",
        """def invalid(name: str, code: str) -> ValidationFailed:
    \"\"\"The refusal of a value that is not what field ``name`` takes, in the code's words.\"\"\"
    es, en = _WORDS.get(code, _WORDS["FILTER_INVALID"])
    return ValidationFailed(code, es.format(name=name), en.format(name=name), field=name)


# The words of each refusal (as the catalogue, casino/api/codes.py, has them): a page
# shows them after the field's label, so only a filter names its parameter.
_WORDS = {
    "FILTER_INVALID": ("Filtro «{name}» inválido.", "Invalid “{name}” filter."),
    "NUMBER_INVALID": ("Número inválido.", "Invalid number."),
    "DATE_INVALID": ("Fecha inválida (AAAA-MM-DD).", "Invalid date (YYYY-MM-DD)."),
    "DATETIME_INVALID": ("Fecha y hora inválidas (ISO 8601).", "Invalid date and time (ISO 8601)."),
}""",
        """def invalid(name: str, code: RefusalCode) -> DomainError:
    \"\"\"The refusal of a value that is not what field ``name`` takes, in the code's words (a
    page shows them after the field's label, so only a filter names its parameter).\"\"\"
    return DomainError.of(code, name=name, field=name)""",
    ),
    *[
        ("casino/formdata.py", f'code: str = "{c}"', f"code: RefusalCode = CasinoCode.{c}")
        for c in (
            "NUMBER_INVALID",
            "DATE_INVALID",
            "TIME_INVALID",
            "FILTER_INVALID",
            "DATETIME_INVALID",
        )
    ],
    ("casino/api/query.py", 'FILTER = "FILTER_INVALID"', "FILTER = CasinoCode.FILTER_INVALID"),
    ("rota/views.py", 'invalid(field, "TIME_INVALID")', "invalid(field, CasinoCode.TIME_INVALID)"),
    # tournaments: require_text takes the code, as the tables' does.
    (
        "tournaments/services/_common.py",
        """def require_text(value: str | None, *, code: str, field: str, es: str, en: str) -> str:
    text = (value or "").strip()
    if not text:
        raise ValidationFailed(code, es, en, field=field)
    return text""",
        """def require_text(value: str | None, *, code: RefusalCode, field: str) -> str:
    text = (value or "").strip()
    if not text:
        raise DomainError.of(code, field=field)
    return text""",
    ),
    # tournaments: a record not found is named by its model.
    (
        "tournaments/selectors.py",
        """def _not_found(what_es: str, what_en: str) -> NotFound:
    return NotFound("NOT_FOUND", f"{what_es} no encontrado.", f"{what_en} not found.")""",
        """def _not_found(model: type) -> DomainError:
    return DomainError.of(ApiCode.NOT_FOUND, thing=model)""",
    ),
    *[
        ("tournaments/selectors.py", old, new)
        for old, new in [
            ('_not_found("Torneo", "Tournament") from None', "_not_found(Tournament) from None"),
            ('_not_found("Torneo", "Tournament")', "_not_found(Tournament)"),
            ("_not_found(es, en) from None", "_not_found(model) from None"),
            ("_not_found(es, en)", "_not_found(model)"),
            ('_not_found("Cambio de mesa", "Move") from None', "_not_found(SeatMove) from None"),
            ('_not_found("Cambio de mesa", "Move")', "_not_found(SeatMove)"),
            ('_not_found("Jugador", "Player") from None', "_not_found(Player) from None"),
            ('_not_found("Jugador", "Player")', "_not_found(Player)"),
            (
                "def _access(model: type, actor: Actor, pk: Any, perm: Perm, es: str, en: str) -> Any:",
                "def _access(model: type, actor: Actor, pk: Any, perm: Perm) -> Any:",
            ),
            ('perm, "Inscripción", "Entry")', "perm)"),
            ('perm, "Eliminación", "Elimination")', "perm)"),
            ('perm, "Tabla de premios", "Payout table")', "perm)"),
            ('perm, "Acuerdo", "Deal")', "perm)"),
        ]
    ],
    (
        "tournaments/api/views/common.py",
        """def _own(row: Any, tournament: Any, es: str, en: str) -> Any:
    if row is None or row.tournament_id != tournament.pk:
        raise NotFound("NOT_FOUND", f"{es} no encontrado.", f"{en} not found.")
    return row""",
        """def _own(row: Any, tournament: Any, model: type) -> Any:
    if row is None or row.tournament_id != tournament.pk:
        raise DomainError.of(ApiCode.NOT_FOUND, thing=model)
    return row""",
    ),
    # The tournaments API, one module per area since issue 41; the sites that looked a row
    # up by id now read it through _row(model, pk, tournament) (the new text is that call).
    (
        "tournaments/api/views/entries.py",
        """                        t,
                        "Lugar en la lista de espera",
                        "Waiting-list place",
                    )""",
        """_row(WaitingPlayer, data["waiting"], t)""",
    ),
    (
        "tournaments/api/views/eliminations.py",
        """            t,
            "Eliminación",
            "Elimination",
        )""",
        """            t,
            Elimination,
        )""",
    ),
    (
        "tournaments/api/views/payouts.py",
        't, "Tabla de premios", "Payout table"',
        "_row(PayoutTable, table, t)",
    ),
    ("tournaments/api/views/deals.py", 't, "Acuerdo", "Deal")', "_row(Deal, deal, t)"),
    ("tournaments/api/views/deals.py", 't, "Acuerdo", "Deal")', "_row(Deal, deal, t)"),
    # tournaments: the engine's refusals (poker.tournament.errors words them) are raised
    # as the codes of tournaments.codes.TournamentRuleCode, the engine's error a parameter.
    (
        "tournaments/units.py",
        """    es, en = exc.message_es, exc.message_en
    klass = Conflict if exc.code in _CONFLICTS else ValidationFailed
    return klass(
        api_code(exc.code),
        es,
        en,
        field=exc.field,""",
        """    from .codes import TournamentRuleCode

    return DomainError.of(
        TournamentRuleCode[api_code(exc.code)],
        violation=exc,
        field=exc.field,""",
    ),
    (
        "tournaments/units.py",
        "from casino.errors import Conflict, DomainError, ValidationFailed\n",
        "from casino.errors import DomainError\n",
    ),
    (
        "tournaments/services/seating.py",
        """        raise ValidationFailed(
            api_code(TCode.TABLE_LISTED_TWICE),
            "Una mesa figura dos veces.",
            "A table is listed twice.",
            field="tables",
        )""",
        """        raise refusal(TournamentError(TCode.TABLE_LISTED_TWICE, field="tables"))""",
    ),
    (
        "tournaments/services/seating.py",
        """            raise Conflict(
                api_code(TCode.PLAN_STALE),
                "Las mesas cambiaron desde que se mostró el plan: véalo de nuevo.",
                "The tables changed since the plan was shown: look at it again.",
                field="version",
                details={"version": pv.version},
            )""",
        """            raise refusal(TournamentError(TCode.PLAN_STALE, field="version", version=pv.version))""",
    ),
    (
        "tournaments/services/seating.py",
        "from ._common import api_code, ask, derived_seed, lock_tournament, require_status\n",
        "from ..units import refusal\nfrom ._common import ask, derived_seed, lock_tournament, require_status\n",
    ),
    (
        "tournaments/services/seating.py",
        "    TCode,\n    draw_late_entries,",
        "    TCode,\n    TournamentError,\n    draw_late_entries,",
    ),
    # TOUR-04: which way the next hand went, one raise each.
    (
        "tournaments/services/eliminations.py",
        """    if started:
        es = "La mano siguiente ya empezó en esa mesa: las fichas salen del juego (TOUR-04)."
        en = "The next hand has already started at that table: the chips leave play (TOUR-04)."
    else:
        es = "La mano siguiente no empezó en esa mesa: las fichas van al ganador (TOUR-04)."
        en = "The next hand has not started at that table: the chips go to the winner (TOUR-04)."
    raise Conflict(
        "TOURNAMENT_NEXT_HAND_DIFFERS",
        es,
        en,
        field="next_hand_started",
        details={"next_hand_started": started, "hand": bust.hand_number},
    )""",
        """    if started:
        raise Conflict(
            "TOURNAMENT_NEXT_HAND_DIFFERS",
            "La mano siguiente ya empezó en esa mesa: las fichas salen del juego (TOUR-04).",
            "The next hand has already started at that table: the chips leave play (TOUR-04).",
            field="next_hand_started",
            details={"next_hand_started": started, "hand": bust.hand_number},
        )
    raise Conflict(
        "TOURNAMENT_NEXT_HAND_DIFFERS",
        "La mano siguiente no empezó en esa mesa: las fichas van al ganador (TOUR-04).",
        "The next hand has not started at that table: the chips go to the winner (TOUR-04).",
        field="next_hand_started",
        details={"next_hand_started": started, "hand": bust.hand_number},
    )""",
    ),
    # the recorder: the pots a showdown left unawarded, named by the catalogue's words.
    (
        "hands/services/recording.py",
        """    pots = ", ".join(_pot_name(k, "es") for k in verdict.unread_pots)
    pots_en = ", ".join(_pot_name(k, "en") for k in verdict.unread_pots)
""",
        """    pots = [_pot_label(k) for k in verdict.unread_pots]
""",
    ),
    (
        "hands/services/recording.py",
        """f"The hand reached the showdown and does not say who won ({pots_en}): enter the \"""",
        """f"The hand reached the showdown and does not say who won ({pots}): enter the \"""",
    ),
    (
        "hands/services/recording.py",
        "from django.utils.dateparse import parse_datetime\n",
        "from django.utils.dateparse import parse_datetime\nfrom django.utils.text import format_lazy\n"
        "from django.utils.translation import gettext_lazy\n",
    ),
    (
        "hands/services/recording.py",
        """def _pot_name(k: int, lang: str) -> str:""",
        """def _pot_label(k: int) -> Any:
    \"\"\"A pot by its name, in the language the refusal is read in.\"\"\"
    return gettext_lazy("main pot") if k == 0 else format_lazy(gettext_lazy("side pot {k}"), k=k)


def _pot_name(k: int, lang: str) -> str:""",
    ),
]

#: A code's one message.
MESSAGES: dict[str, dict[str, Any]] = {
    # --- round 2 ---
    "ACTION_INDEX_INVALID": {
        "status": 400,
        "en": "Position {index} is not in the hand (0 to {last}).",
        "es": "La posición {index} no está en la mano (0 a {last}).",
    },
    "CHIPS_INVALID": {
        "status": 400,
        "en": "Give the chips (a whole number above zero).",
        "es": "Indique las fichas (un entero mayor que cero).",
    },
    "ENTRY_NOT_SEATED": {
        "status": 409,
        "en": "The player has no seat.",
        "es": "El jugador no tiene asiento.",
    },
    "NUMBER_INVALID": {"status": 400, "en": "Invalid number.", "es": "Número inválido."},
    # hihand (promotions: the high-hand prize by period)
    "PERIOD_ALREADY_CLAIMED": {
        "status": 409,
        "en": "There is already a claim for this period (or one overlapping it).",
        "es": "Ya hay un reclamo para este período (o uno que se superpone).",
    },
    "PAYOUTS_NOT_APPROVED": {
        "status": 409,
        "en": "The payout table is not approved: approve it first.",
        "es": "La tabla de premios no está aprobada: apruébela primero.",
    },
    "PRIZE_ALREADY_PAID": {
        "status": 409,
        "en": "That entry's prize was already paid.",
        "es": "El premio de esa inscripción ya se pagó.",
    },
    "ROTA_CHANGED": {
        "status": 409,
        "en": "The rota changed on another terminal: check the version in force and repeat.",
        "es": "La rotación cambió en otra terminal: revise la versión vigente y repita.",
    },
    "SEAT_EMPTY": {
        "status": 409,
        "en": "Seat {seat} is empty.",
        "es": "El asiento {seat} está vacío.",
    },
    "SEAT_TAKEN": {
        "status": 409,
        "en": "Seat {seat} is taken.",
        "es": "El asiento {seat} está ocupado.",
    },
    "STAFF_ROLE_MISSING": {
        "status": 400,
        "en": "{user} does not hold the role '{role}'.",
        "es": "{user} no tiene el rol «{role}».",
    },
    "STRUCTURE_NAME_TAKEN": {
        "status": 409,
        "en": "A structure '{name}' already exists: make a new version of it.",
        "es": "Ya existe una estructura «{name}»: cree una versión nueva de ella.",
    },
    # codes whose sites say different things: the code's message is the part the site
    # names (a code of its own, listed with the others; the API answers the code as before)
    **{
        code: {"status": status, "en": "{problem}", "es": "{problem}"}
        for code, status in [
            ("AWARD_INVALID", 400),
            ("CLAIM_KIND_INVALID", 400),
            ("CROUPIER_REQUIRED", 400),
            ("HAND_DOES_NOT_QUALIFY", 409),
            ("NOT_CROUPIER_ON_DUTY", 403),
            ("PACK_INCOMPLETE", 400),
            ("PERIOD_INVALID", 400),
            ("PLAYER_ALREADY_REGISTERED", 409),
            ("REGISTRATION_STILL_OPEN", 409),
            ("STRUCTURE_INVALID", 400),
            ("TABLE_INVALID", 400),
            ("TOURNAMENT_TABLE_IN_USE", 409),
            ("TOURNAMENT_NEXT_HAND_DIFFERS", 409),
        ]
    },
    "ACTION_UNKNOWN": {
        "status": 400,
        "en": "Unknown action: {action}.",
        "es": "Acción desconocida: {action}.",
    },
    "ALREADY_REVERSED": {
        "status": 409,
        "en": "This has already been reversed.",
        "es": "Esto ya fue anulado.",
    },
    "AMOUNT_INVALID": {
        "status": 400,
        "en": "'{value}' is not a valid amount: give a number, not negative, with at most two "
        "decimals.",
        "es": "«{value}» no es un importe válido: indique un número no negativo con dos decimales "
        "como máximo.",
    },
    "AMOUNT_NOT_POSITIVE": {
        "status": 400,
        "en": "The amount must be greater than zero (or not negative, where zero is allowed).",
        "es": "El importe debe ser mayor que cero (o no negativo, donde se admite cero).",
    },
    "BUYIN_INVALID": {
        "status": 400,
        "en": "The minimum buy-in must be positive, and the maximum not below it.",
        "es": "La compra mínima debe ser positiva, y la máxima no menor que ella.",
    },
    "CARD_DUPLICATE": {
        "status": 400,
        "en": "The same card appears twice.",
        "es": "La misma carta aparece dos veces.",
    },
    "CARD_INVALID": {
        "status": 400,
        "en": "A card named is not a card of the 52-card pack.",
        "es": "Una carta indicada no es de la baraja francesa de 52 cartas.",
    },
    "CHIPS_REQUIRED": {
        "status": 400,
        "en": "Give the chips, by denomination.",
        "es": "Indique las fichas, por denominación.",
    },
    "CONDUCT_UNKNOWN": {
        "status": 400,
        "en": "Unknown conduct: '{conduct}'.",
        "es": "Conducta desconocida: «{conduct}».",
    },
    "COUNT_NEGATIVE": {
        "status": 400,
        "en": "The count {count} is negative.",
        "es": "La cantidad {count} es negativa.",
    },
    "COUNT_NOT_RECORDED": {
        "status": 409,
        "en": "Record the count first.",
        "es": "Registre primero el conteo.",
    },
    "COUNT_NOT_WHOLE": {
        "status": 400,
        "en": "'{value}' is not a whole number of chips: there are no fractions of a chip.",
        "es": "«{value}» no es un número entero de fichas: no hay fracciones de ficha.",
    },
    "COUNT_TOO_LARGE": {
        "status": 400,
        "en": "The count {count:,} exceeds the maximum of {maximum:,} per denomination.",
        "es": "La cantidad {count:,} supera el máximo de {maximum:,} por denominación.",
    },
    "DENOMINATION_NOT_IN_CHIP_SET": {
        "status": 400,
        "en": "That denomination is not in the table's chip set.",
        "es": "Esa denominación no pertenece al juego de fichas de la mesa.",
    },
    "DENOMINATION_REPEATED": {
        "status": 400,
        "en": "The denomination {value} appears twice.",
        "es": "La denominación {value} aparece dos veces.",
    },
    "DOCUMENT_LOCKED": {
        "status": 409,
        "en": "The document already has all its signatures and is locked.",
        "es": "El documento ya tiene todas sus firmas y está cerrado.",
    },
    "FILTER_INVALID": {
        "status": 400,
        "en": "Invalid “{name}” filter.",
        "es": "Filtro «{name}» inválido.",
    },
    "GAMING_DAY_NOT_FOUND": {
        "status": 404,
        "en": "There is no gaming day {date}.",
        "es": "No hay jornada del {date}.",
    },
    "GAMING_DAY_STILL_OPEN": {
        "status": 409,
        "en": "The gaming day of {date} is still open: close it first.",
        "es": "La jornada del {date} sigue abierta: ciérrela primero.",
    },
    "HAND_IN_PROGRESS": {
        "status": 409,
        "en": "A hand is in progress at this table: wait until it ends.",
        "es": "Hay una mano en juego en esta mesa: espere a que termine.",
    },
    "HAND_NUMBER_INVALID": {
        "status": 400,
        "en": "Invalid hand number.",
        "es": "Número de mano inválido.",
    },
    "INSPECTOR_REQUIRED": {
        "status": 400,
        "en": "The croupier and the supervisor, two different people, inspect the pack "
        "together: name the supervisor.",
        "es": "La inspección la hacen juntos el croupier y el supervisor, dos personas "
        "distintas: indique el supervisor.",
    },
    "LEVEL_REQUIRED": {"status": 400, "en": "Give the sanction.", "es": "Indique la sanción."},
    "NAME_REQUIRED": {"status": 400, "en": "Give the name.", "es": "Indique el nombre."},
    "NOTE_REQUIRED": {
        "status": 400,
        "en": "Write a note explaining it.",
        "es": "Escriba una nota que lo explique.",
    },
    "NOT_READY_FOR_PLAY": {
        "status": 409,
        "en": "The table is not ready for play: {reasons}",
        "es": "La mesa no está lista para jugar: {reasons}",
    },
    "NO_ROLE": {"status": 403, "en": "Your user has no role.", "es": "Su usuario no tiene un rol."},
    "OVERRIDE_REASON_REQUIRED": {
        "status": 400,
        "en": "This override needs a written reason.",
        "es": "Esta excepción necesita un motivo escrito.",
    },
    "PIN_REQUIRED": {
        "status": 400,
        "en": "{user} must confirm with their personal PIN.",
        "es": "{user} debe confirmar con su PIN personal.",
    },
    "PLAYERS_IN_HAND_INVALID": {
        "status": 400,
        "en": "Say how many players were dealt into the offending hand (2 to 10).",
        "es": "Indique cuántos jugadores recibieron cartas en la mano sancionada (2 a 10).",
    },
    "PLAYERS_PRESENT_INVALID": {
        "status": 400,
        "en": "Say how many players are at the table (a whole number up to the table's seats).",
        "es": "Indique cuántos jugadores hay en la mesa (un número entero hasta los asientos de"
        " la mesa).",
    },
    "PLAYER_NOT_FOUND": {
        "status": 400,
        "en": "Player {player} not found.",
        "es": "Jugador {player} no encontrado.",
    },
    "RAKE_ALREADY_POSTED": {
        "status": 409,
        "en": "Hand {hand_number} already has a rake posted: reverse it before posting another.",
        "es": "La mano {hand_number} ya tiene comisión registrada: anúlela antes de registrar"
        " otra.",
    },
    "REASON_REQUIRED": {"status": 400, "en": "Give the reason.", "es": "Indique el motivo."},
    "REPLACEMENT_COLOUR": {
        "status": 400,
        "en": "The replacement must be the same colour ({colour}).",
        "es": "El reemplazo debe ser del mismo color ({colour}).",
    },
    "REPORT_NOT_ALLOWED": {
        "status": 403,
        "en": "The role '{role}' cannot see this report.",
        "es": "El rol «{role}» no puede ver este informe.",
    },
    "REPORT_NOT_READY": {
        "status": 409,
        "en": "The report is not ready yet ({progress}%).",
        "es": "El informe todavía no está listo ({progress} %).",
    },
    "REPORT_OUT_OF_SCOPE": {
        "status": 403,
        "en": "You may only see the reports of your own tables, shifts and sector.",
        "es": "Solo puede ver los informes de sus mesas, turnos y sector.",
    },
    "REPORT_SIGN_NOT_ALLOWED": {
        "status": 403,
        "en": "The role '{role}' does not sign this sheet.",
        "es": "El rol «{role}» no firma esta planilla.",
    },
    "ROLE_NOT_HELD": {
        "status": 403,
        "en": "{user} does not hold the role '{role}'.",
        "es": "{user} no tiene el rol «{role}».",
    },
    "ROLE_NOT_REQUIRED": {
        "status": 400,
        "en": "This document is not signed as '{role}'; it is signed as: {required}.",
        "es": "Este documento no se firma con el rol «{role}»; se firma como: {required}.",
    },
    "SAME_PERSON_TWO_ROLES": {
        "status": 400,
        "en": "The same person cannot take both roles.",
        "es": "Una misma persona no puede ocupar los dos roles.",
    },
    "SEAT_INVALID": {
        "status": 400,
        "en": "Invalid or repeated seat: the table has seats 1 to {max_seats}.",
        "es": "Asiento inválido o repetido: la mesa tiene los asientos 1 a {max_seats}.",
    },
    "SEAT_NOT_IN_HAND": {
        "status": 400,
        "en": "Seat {seat} is not playing the hand.",
        "es": "El asiento {seat} no está jugando la mano.",
    },
    "SEAT_NOT_OCCUPIED": {
        "status": 409,
        "en": "Nobody is sitting in seat {seat}.",
        "es": "Nadie está sentado en el asiento {seat}.",
    },
    "SECTOR_NOT_FOUND": {
        "status": 404,
        "en": "There is no sector '{sector}'.",
        "es": "No existe el sector «{sector}».",
    },
    "SESSION_NOT_ACCEPTING": {
        "status": 409,
        "en": "{table:capfirst} is '{status}': it does not take this operation now.",
        "es": "{table:capfirst} está en estado «{status}»: ahora no admite esta operación.",
    },
    "SESSION_NOT_FOUND": {
        "status": 404,
        "en": "Table session not found.",
        "es": "Sesión de mesa inexistente.",
    },
    "SESSION_NOT_OPEN": {
        "status": 409,
        "en": "The table is not open: it is '{status}'.",
        "es": "La mesa no está abierta: está «{status}».",
    },
    "SETTING_INVALID": {
        "status": 400,
        "en": "The value is not valid for this setting.",
        "es": "El valor no es válido para este ajuste.",
    },
    "SIGNATURE_OUT_OF_ORDER": {
        "status": 409,
        "en": "{document:capfirst} {serial} does not have the '{before}' signature yet: it "
        "comes first.",
        "es": "{document:capfirst} {serial} aún no tiene la firma de «{before}»: va primero.",
    },
    "SIGNER_ALREADY_SIGNED": {
        "status": 409,
        "en": "{user} already signs this document in another role: one person signs once.",
        "es": "{user} ya firma este documento en otro rol: una persona firma una sola vez.",
    },
    "STAFF_NOT_FOUND": {
        "status": 400,
        "en": "There is no active staff member '{person}' in this casino.",
        "es": "No hay un empleado activo «{person}» en este casino.",
    },
    "TEXT_REQUIRED": {
        "status": 400,
        "en": "Write the text asked for.",
        "es": "Escriba el texto que se pide.",
    },
    "UNKNOWN_ROLE": {
        "status": 400,
        "en": "Unknown role: '{role}'.",
        "es": "Rol desconocido: «{role}».",
    },
}

#: Per site.
OVERRIDES: dict[tuple[str, ...], dict[str, Any]] = {
    # --- round 2 ---
    ("NOT_FOUND", "Rota not found."): {"params": {"thing": "RotaPlan"}},
    # rotaplan (rota)
    ("NOT_FOUND", "Staff member not found."): {"params": {"thing": "User"}},
    (
        "rota/services.py",
        "STAFF_ROLE_MISSING",
        "{croupier} is not an active croupier of this casino.",
    ): {"params": {"user": "croupier", "role": "Role.CROUPIER"}},
    ("tournaments/services/entries.py", "PLAYER_NOT_FOUND", "Player not found."): {
        "params": {"player": "player.pk"}
    },
    ("NOT_FOUND", "Tournament not found."): {"params": {"thing": "Tournament"}},
    ("NOT_FOUND", "Structure not found."): {"params": {"thing": "StructureVersion"}},
    ("NOT_FOUND", "Move not found."): {"params": {"thing": "SeatMove"}},
    ("NOT_FOUND", "Settlement not found."): {"params": {"thing": "Settlement"}},
    ("NOT_FOUND", "Elimination not found."): {"params": {"thing": "Elimination"}},
    ("NOT_FOUND", "Payout table not found."): {"params": {"thing": "PayoutTable"}},
    ("NOT_FOUND", "Deal not found."): {"params": {"thing": "Deal"}},
    ("NOT_FOUND", "Fund not found."): {"params": {"thing": "Fund"}},
    ("NOT_FOUND", "Claim not found."): {"params": {"thing": "JackpotClaim"}},
    ("NOT_FOUND", "There is no open gaming day."): {"params": {"thing": "GamingDay"}},
    ("NOT_FOUND", "The table offers no fund."): {"params": {"thing": "Fund"}},
    ("tournaments/views.py", "NOT_FOUND", "Unknown action."): {"params": {"thing": "RESOURCE"}},
    ("tournaments/api/views/common.py", "NOT_FOUND", "Entry not found."): {
        "params": {"thing": "Entry"}
    },
    ("tournaments/views.py", "NOT_FOUND", "Entry not found."): {"params": {"thing": "Entry"}},
    (
        "tournaments/services/_common.py",
        "TOURNAMENT_STATE",
        "The tournament is '{tournament.status}': it does not take this action.",
    ): {
        "en": "The tournament is '{status}': it does not take this action.",
        "es": "El torneo está «{status}»: no admite esta acción.",
        "params": {"status": "label"},
    },
    (
        "tournaments/services/entries.py",
        "RE_ENTRY_AFTER_SANCTION",
        "{player.display_name} was {standing.kind}: no re-entry.",
    ): {
        "en": "{player} was {kind}: no re-entry.",
        "es": "{player} fue {kind}: no reingresa.",
        "params": {"player": "player.display_name", "kind": "ExitKind(standing.kind)"},
    },
    ("tournaments/api/views/eliminations.py", "SEAT_INVALID", "Invalid seat."): {
        "code": "SEAT_KEY_INVALID",
        "en": "A seat is a whole number.",
        "es": "Un asiento es un número entero.",
        "params": {},
    },
    ("hands/services/live.py", "ACTION_ILLEGAL", "new[0].message_en"): {
        "en": "{violation}",
        "es": "{violation}",
        "params": {"violation": "new[0]"},
    },
    (
        "hands/adapter/record.py",
        "ACTION_INDEX_INVALID",
        "Position {at} is not in the hand (0 to {len(actions)}).",
    ): {"params": {"index": "at", "last": "len(actions)"}},
    (
        "hands/services/live.py",
        "ACTION_INDEX_INVALID",
        "Position {index} is not in the hand (0 to {len(actions) - 1}).",
    ): {"params": {"index": "index", "last": "len(actions) - 1"}},
    ("tables/services/seating.py", "SEAT_TAKEN", "Seat {number} is taken."): {
        "params": {"seat": "number"}
    },
    ("tables/services/seating.py", "SEAT_EMPTY", "Seat {number} is empty."): {
        "params": {"seat": "number"}
    },
    ("tournaments/services/eliminations.py", "SEAT_EMPTY", "Seat {s.seat} is empty."): {
        "params": {"seat": "s.seat"}
    },
    ("STAFF_ROLE_MISSING", "{user} does not hold the role '{role.value}'."): {
        "params": {"user": "user", "role": "role"}
    },
    ("rota/services.py", "STAFF_ROLE_MISSING", "{user} does not hold the role 'croupier'."): {
        "params": {"user": "user", "role": "Role.CROUPIER"}
    },
    (
        "tournaments/services/structures.py",
        "STRUCTURE_NAME_TAKEN",
        "A structure '{name}' already exists.",
    ): {"params": {"name": "name"}},
    (
        "tournaments/services/structures.py",
        "STRUCTURE_NAME_TAKEN",
        "A structure '{name}' already exists: make a new version of it.",
    ): {"params": {"name": "name"}},
    (
        "tables/services/decks/inspection.py",
        "PIN_REQUIRED",
        "{witness} signs the inspection with his personal PIN.",
    ): {"params": {"user": "witness"}},
    (
        "tournaments/services/seating.py",
        "PIN_REQUIRED",
        "{croupier} must confirm with their personal PIN.",
    ): {"params": {"user": "croupier"}},
    ("tournaments/services/payouts.py", "AMOUNT_INVALID", "Invalid counted amount."): {
        "params": {"value": "counted"}
    },
    (
        "promotions/services.py",
        "AMOUNT_INVALID",
        "The counted amount is a non-negative amount with two decimals.",
    ): {"params": {"value": "counted"}},
    ("promotions/views.py", "AMOUNT_INVALID", "Give the amount counted."): {
        "params": {"value": "request.POST.get('counted', '')"}
    },
    ("tournaments/views.py", "AMOUNT_INVALID", "Invalid amount."): {
        "params": {"value": "str(value)"}
    },
    (
        "tournaments/services/structures.py",
        "AMOUNT_INVALID",
        '{name}: an amount as a decimal string is expected ("1000.00").',
    ): {"params": {"value": "str(raw)"}},
    (
        "tournaments/services/structures.py",
        "AMOUNT_INVALID",
        "{name}: '{raw}' is not an amount with at most two decimals.",
    ): {"params": {"value": "str(raw)"}},
    ("tournaments/services/clock.py", "NUMBER_INVALID", "'{name}' is a whole number."): {
        "params": {}
    },
    ("tournaments/views.py", "NUMBER_INVALID", "Type a whole number."): {"params": {}},
    # --- NOT_FOUND: the thing, by its model's name (ApiCode.NOT_FOUND) ---
    ("casino/access.py", "NOT_FOUND", "Not found."): {"params": {"thing": "type(obj)"}},
    ("tables/services/_common.py", "NOT_FOUND", "Not found."): {"params": {"thing": "model"}},
    ("hands/api/incidents.py", "NOT_FOUND", "Not found."): {"params": {"thing": "model"}},
    ("hands/services/incidents.py", "NOT_FOUND", "Not found."): {"params": {"thing": "type(obj)"}},
    ("NOT_FOUND", "User not found."): {"params": {"thing": "User"}},
    ("NOT_FOUND", "Person not found."): {"params": {"thing": "User"}},
    ("NOT_FOUND", "There is no user '{username}'."): {"params": {"thing": "User"}},
    ("NOT_FOUND", "Croupier not found."): {"params": {"thing": "Role.CROUPIER"}},
    ("NOT_FOUND", "Gaming day not found."): {"params": {"thing": "GamingDay"}},
    ("NOT_FOUND", "List not found."): {"params": {"thing": "ExclusionList"}},
    ("NOT_FOUND", "Key entry not found."): {"params": {"thing": "KeyHandout"}},
    ("NOT_FOUND", "Exclusion not found."): {"params": {"thing": "Exclusion"}},
    ("NOT_FOUND", "Shift change not found."): {"params": {"thing": "ShiftChange"}},
    ("NOT_FOUND", "Table session not found."): {"params": {"thing": "TableSession"}},
    ("NOT_FOUND", "Session not found."): {"params": {"thing": "TableSession"}},
    ("NOT_FOUND", "Player not found."): {"params": {"thing": "Player"}},
    ("NOT_FOUND", "Slip not found."): {"params": {"thing": "Slip"}},
    ("NOT_FOUND", "Void not found."): {"params": {"thing": "SlipVoid"}},
    ("NOT_FOUND", "Transaction not found."): {"params": {"thing": "TableTransaction"}},
    ("NOT_FOUND", "Incident not found."): {"params": {"thing": "Incident"}},
    ("NOT_FOUND", "Table not found."): {"params": {"thing": "Table"}},
    ("NOT_FOUND", "Hand not found."): {"params": {"thing": "Hand"}},
    ("NOT_FOUND", "Hand in progress not found."): {"params": {"thing": "LiveHand"}},
    ("NOT_FOUND", "Import not found."): {"params": {"thing": "ImportJob"}},
    ("NOT_FOUND", "Re-validation not found."): {"params": {"thing": "RevalidationRun"}},
    ("NOT_FOUND", "Entry not found."): {"params": {"thing": "WaitingEntry"}},
    ("NOT_FOUND", "Report not found."): {"params": {"thing": "Report"}},
    (
        "tables/api/procedure.py",
        "PREPARATION_CHECKLIST_MISSING",
        "Management has not yet signed the gaming day's preparation checklist (PREP-01).",
    ): {
        "code": "NOT_FOUND",
        "params": {"thing": "PreparationChecklist"},
    },
    (
        "tables/api/views/tables.py",
        "TABLE_HAS_NO_SETTINGS",
        "The table has no settings in force.",
    ): {
        "code": "NOT_FOUND",
        "params": {"thing": "TableSettings"},
    },
    ("SESSION_NOT_FOUND", "Table session not found."): {"params": {}},
    (
        "SESSION_NOT_FOUND",
        "Table {table.number} had no session on {business_date.isoformat()}.",
    ): {
        "params": {},
        "details": "{'table': table.number, 'date': business_date.isoformat()}",
    },
    # --- the parameters of a code's one message ---
    ("COUNT_NEGATIVE", "The chip count cannot be negative."): {"params": {"count": "value"}},
    ("AMOUNT_INVALID", "Invalid or negative amount."): {"params": {"value": "value"}},
    ("AMOUNT_INVALID", "An amount of the hand has fractions of a cent."): {
        "params": {"value": "value"}
    },
    (
        "AMOUNT_NOT_DECIMAL_STRING",
        "'{field}' is an amount: send it as a decimal string, not as "
        "a number with decimals, which may change when read.",
    ): {"params": {"name": "field"}},
    ("tables/views/actions.py", "ACTION_UNKNOWN", "Unknown action."): {
        "params": {"action": "name"}
    },
    ("floor/views.py", "ACTION_UNKNOWN", "Unknown action."): {"params": {"action": "kind"}},
    ("ACTION_UNKNOWN", "Unknown action: {kind}."): {"params": {"action": "kind"}},
    ("CONDUCT_UNKNOWN", "Unknown conduct."): {"params": {"conduct": "code"}},
    ("CONDUCT_UNKNOWN", "Unknown conduct: '{conduct_code}'."): {
        "params": {"conduct": "conduct_code"}
    },
    ("COUNT_NOT_WHOLE", "The chip count must be a whole number."): {"params": {"value": "value"}},
    ("COUNT_NOT_WHOLE", "Chips are counted whole: there are no fractions of a chip."): {
        "params": {"value": "value"}
    },
    ("COUNT_TOO_LARGE", "Count out of range (at most {MAX_CHIPS:,})."): {
        "params": {"maximum": "MAX_CHIPS", "count": "number"}
    },
    (
        "COUNT_TOO_LARGE",
        "The count {shown['en']} exceeds the maximum of {number(MAX_COUNT, 'en')} per "
        "denomination.",
    ): {"params": {"maximum": "MAX_COUNT", "count": "count"}},
    (
        "DENOMINATION_NOT_IN_CHIP_SET",
        "The denomination {fmt(value)} is not in the table's chip set ({offered}).",
    ): {
        "params": {},
        "details": "{'offered': [str(v) for v in sorted(denominations, reverse=True)]}",
    },
    ("DENOMINATION_REPEATED", "The denomination {fmt(value)} appears twice."): {
        "params": {"value": "value"}
    },
    ("DENOMINATION_REPEATED", "The denomination {line.value:,} appears twice."): {
        "params": {"value": "line.value"}
    },
    ("DENOMINATION_REPEATED", "A note denomination appears twice."): {
        "params": {"value": "t.value"}
    },
    ("GAMING_DAY_NOT_FOUND", "There is no gaming day {business_date.isoformat()}."): {
        "params": {"date": "business_date"}
    },
    ("GAMING_DAY_NOT_FOUND", "There is no gaming day on {business_date.isoformat()}."): {
        "params": {"date": "business_date"}
    },
    ("GAMING_DAY_NOT_FOUND", "There is no gaming day in {year}-{month:02d}."): {
        "code": "NO_GAMING_DAY_IN_MONTH",
        "en": "There is no gaming day in {month:month}.",
        "es": "No hay jornadas en {month:month}.",
        "params": {"month": "date(year, month, 1)"},
    },
    (
        "GAMING_DAY_STILL_OPEN",
        "The gaming day of {business_date.isoformat()} is still open: close it first, or ask "
        "for a provisional archive.",
    ): {"params": {"date": "business_date"}},
    (
        "GAMING_DAY_STILL_OPEN",
        "The gaming day of {first.isoformat()} is still open: close it before archiving the month.",
    ): {"params": {"date": "first"}},
    (
        "INCIDENT_LEVEL_INVALID",
        "Your role is not on the incident escalation path (croupier, table supervisor, pit "
        "boss, shift manager).",
    ): {
        "code": "ROLE_NOT_ON_ESCALATION_PATH",
        "en": "Your role is not on the incident escalation path (croupier, table supervisor, "
        "pit boss, shift manager).",
        "es": "Su rol no está en la escala de incidentes (croupier, supervisor de mesa, jefe de "
        "sector, gerente de turno).",
        "params": {},
    },
    (
        "NOT_READY_FOR_PLAY",
        "The table cannot start: {' '.join((r.message_en for r in reasons))}",
    ): {"params": {"reasons": "reasons"}},
    (
        "NOT_READY_FOR_PLAY",
        "The table cannot resume: {' '.join((r.message_en for r in reasons))}",
    ): {"params": {"reasons": "reasons"}},
    ("PIN_REQUIRED", "{signer} must sign with their personal PIN on this terminal."): {
        "params": {"user": "signer"}
    },
    ("PLAYER_NOT_FOUND", "Player not found."): {"params": {"player": "player_id"}},
    ("PLAYER_NOT_FOUND", "Player {s['player']} not found."): {"params": {"player": "s['player']"}},
    (
        "RAKE_ALREADY_POSTED",
        "Hand {hand_number} already has a rake of {fmt(current.amount)}: reverse it before "
        "posting another.",
    ): {"params": {"hand_number": "hand_number"}},
    (
        "REPLACEMENT_COLOUR",
        "A damaged pack is replaced by one of the same colour ({pack.colour}, DECK-13).",
    ): {"params": {"colour": "pack.colour"}},
    ("REPLACEMENT_COLOUR", "The replacement must be the same colour ({replaces.colour})."): {
        "params": {"colour": "replaces.colour"}
    },
    (
        "REPORT_NOT_ALLOWED",
        "Only the pit boss, the manager and the auditor see the sector sheet.",
    ): {"params": {"role": "actor.role"}},
    (
        "REPORT_NOT_ALLOWED",
        "The role '{actor.role.value}' cannot see the report '{spec.title_en}'.",
    ): {"params": {"role": "actor.role"}},
    ("REPORT_NOT_READY", "The report is not ready yet ({report.progress}%)."): {
        "params": {"progress": "report.progress"}
    },
    ("REPORT_NOT_READY", "The original report is not ready yet."): {
        "params": {"progress": "report.progress"}
    },
    ("REPORT_SIGN_NOT_ALLOWED", "The role '{actor.role.value}' does not sign closing sheets."): {
        "params": {"role": "actor.role"}
    },
    (
        "REPORT_SIGN_NOT_ALLOWED",
        "The role '{actor.role.value}' does not sign {SHEET_NAMES[report.kind][1]}.",
    ): {"params": {"role": "actor.role"}},
    ("ROLE_NOT_HELD", "You do not hold the role '{parsed.value}'."): {
        "params": {"user": "user", "role": "parsed"}
    },
    ("ROLE_NOT_HELD", "You do not hold the role '{actor.role.value}'."): {
        "params": {"user": "actor.user", "role": "actor.role"}
    },
    ("ROLE_NOT_HELD", "{user} does not hold the role '{role.value}' and cannot sign in it."): {
        "params": {"user": "user", "role": "role"}
    },
    ("ROLE_NOT_HELD", "{user} does not hold the role required ({names})."): {
        "code": "PERSON_LACKS_ROLE",
        "en": "{user} does not hold the role required ({roles}).",
        "es": "{user} no tiene el rol necesario ({roles}).",
        "params": {"user": "user", "roles": "wanted"},
    },
    (
        "ROLE_NOT_REQUIRED",
        "This document is not signed as '{role.value}'; it is signed as: "
        "{', '.join((r.value for r in required))}.",
    ): {"params": {"role": "role", "required": "list(required)"}},
    ("ROLE_NOT_REQUIRED", "A slip is not signed as '{role.value}'."): {
        "params": {"role": "role", "required": "list(SIGN_PERMISSION)"}
    },
    (
        "SEAT_INVALID",
        "Seat {seat} is invalid: the table has seats 1 to {session.settings.max_seats}.",
    ): {"params": {"max_seats": "session.settings.max_seats"}},
    ("SEAT_INVALID", "Seat {seat} is invalid or repeated."): {"params": {"max_seats": "10"}},
    ("SEAT_INVALID", "The table has {settings.max_seats} seats."): {
        "params": {"max_seats": "settings.max_seats"}
    },
    ("SEAT_INVALID", "The table has seats 1 to {max_seats}."): {
        "params": {"max_seats": "max_seats"}
    },
    ("SEAT_NOT_IN_HAND", "That seat is not playing the hand."): {"params": {"seat": "until_seat"}},
    ("SEAT_NOT_IN_HAND", "Seat {seat} has no player dealt into this hand."): {
        "params": {"seat": "seat"}
    },
    ("SEAT_NOT_OCCUPIED", "Nobody is sitting in seat {seat_no}."): {"params": {"seat": "seat_no"}},
    ("SECTOR_NOT_FOUND", "Sector not found."): {"params": {"sector": "sector_id"}},
    ("SECTOR_NOT_FOUND", "There is no sector '{code}'."): {"params": {"sector": "code"}},
    (
        "SESSION_NOT_ACCEPTING",
        "{session.table.label('en')} is '{en(state)}': it does not take transactions.",
    ): {"params": {"status": "state", "table": "session.table"}},
    ("SESSION_NOT_ACCEPTING", "The table is '{en(s.Status(s.status).label)}': it takes no rake."): {
        "params": {"status": "s.Status(s.status)", "table": "s.table"}
    },
    (
        "SESSION_NOT_ACCEPTING",
        "The table is '{en(s.Status(s.status).label)}': it takes no fills or credits.",
    ): {"params": {"status": "s.Status(s.status)", "table": "s.table"}},
    ("SESSION_NOT_OPEN", "The table is not open."): {"params": {"status": "s.Status(s.status)"}},
    ("SESSION_NOT_OPEN", "The table is '{en(S(session.status).label)}': it takes no hands."): {
        "params": {"status": "S(session.status)"}
    },
    (
        "SIGNATURE_OUT_OF_ORDER",
        "Slip {slip.serial} does not have the '{before.value}' signature yet, which comes "
        "before '{role.value}'. Signing order of {kind_en}: {', '.join((r.value for r in order))}.",
    ): {
        "params": {"document": "Slip", "serial": "slip.serial", "before": "before"},
        "details": "{'order': [r.value for r in slip_order.signing_order(slip.kind)]}",
    },
    (
        "SIGNATURE_OUT_OF_ORDER",
        "{SHEET_NAMES[doc.kind][1].capitalize()} {doc.serial} does not have the "
        "'{label_of(doc.kind, first, 'en')}' signature yet.",
    ): {
        "params": {
            "document": "Words(SHEET_NAMES[doc.kind][0], SHEET_NAMES[doc.kind][1])",
            "serial": "doc.serial",
            "before": "Words(label_of(doc.kind, first, 'es'), label_of(doc.kind, first, 'en'))",
        }
    },
    (
        "SIGNER_ALREADY_SIGNED",
        "{person} already signs this shift change in another role: one person signs once.",
    ): {"params": {"user": "person"}},
    (
        "SIGNER_ALREADY_SIGNED",
        "Whoever records the shift change cannot be the incoming supervisor.",
    ): {"params": {"user": "incoming"}},
    ("STAFF_NOT_FOUND", "Unknown signer."): {"params": {"person": "data['signer']"}},
    ("reports/signing_views.py", "STAFF_NOT_FOUND", "Unknown signer."): {
        "params": {"person": "username"}
    },
    ("STAFF_NOT_FOUND", "There is no active staff member '{username}' in this casino."): {
        "params": {"person": "username"}
    },
    ("STAFF_NOT_FOUND", "{user} is not an active staff member of this casino."): {
        "params": {"person": "user"}
    },
    ("UNKNOWN_ROLE", "Unknown role: '{value}'. Valid roles: {', '.join(Role.values)}."): {
        "params": {"role": "value"},
        "details": "{'allowed': list(Role.values)}",
    },
    # --- a site's own message ---
    (
        "ROLE_REQUIRED",
        "You hold several roles that allow this action: say which one you act in "
        "({', '.join((c.value for c in candidates))}).",
    ): {
        "en": "You hold several roles that allow this action: say which one you act in "
        "({candidates}).",
        "es": "Tiene varios roles que permiten esta acción: indique en cuál actúa ({candidates}).",
        "params": {"candidates": "candidates"},
        "details": "{'candidates': [c.value for c in candidates]}",
    },
    ("PASSWORD_TOO_WEAK", "messages['en']"): {
        "en": "The password is not accepted: {reasons}",
        "es": "La contraseña no se acepta: {reasons}",
        "params": {"reasons": "Words(messages['es'], messages['en'])"},
    },
    ("ACTION_ILLEGAL", "first.message_en"): {
        "en": "{violation}",
        "es": "{violation}",
        "params": {"violation": "first"},
    },
    ("HAND_INCOMPLETE", "{v.message_en}"): {
        "en": "{violation}",
        "es": "{violation}",
        "params": {"violation": "v"},
    },
    ("HAND_MALFORMED", "{v.message_en}"): {
        "en": "{violation}",
        "es": "{violation}",
        "params": {"violation": "v"},
    },
    ("DOCUMENT_TYPE_INVALID", "{problem[1]}"): {
        "en": "{problem}",
        "es": "{problem}",
        "params": {"problem": "Words(*problem)"},
    },
    ("DOCUMENT_NUMBER_INVALID", "{problem[1]}"): {
        "en": "{problem}",
        "es": "{problem}",
        "params": {"problem": "Words(*problem)"},
    },
    (
        "CHECKLIST_INCOMPLETE",
        "Fix the deficiencies first: {', '.join(missing)}.",
    ): {
        "en": "Fix the deficiencies first: {missing}.",
        "es": "Corrija antes las deficiencias: {missing}.",
        "params": {"missing": "[expected[k] for k in missing]"},
    },
    (
        "DECK_MOVE_NOT_ALLOWED",
        "Pack {pack.serial} is '{en(P(pack.state).label)}' and cannot move to "
        "'{en(P(to).label)}'. Allowed moves: {', '.join(allowed) or 'none'}.",
    ): {
        "en": "Pack {serial} is '{state}' and cannot move to '{to}'. Allowed moves: {allowed}.",
        "es": "El mazo {serial} está «{state}» y no puede pasar a «{to}». Movimientos "
        "permitidos: {allowed}.",
        "params": {
            "serial": "pack.serial",
            "state": "P(pack.state)",
            "to": "P(to)",
            "allowed": "[P(a) for a in allowed]",
        },
    },
    (
        "DECKS_UNACCOUNTED",
        "'Packs unaccounted for: ' + ', '.join((f\"{u.serial} ({unaccounted_reason(u.reason, "
        "'en')})\" for u in recon.unaccounted)) + (f\"; unknown: {', '.join(recon.unexpected_"
        "serials)}\" if recon.unexpected_serials else '')",
    ): {
        "en": "Packs unaccounted for: {packs}{unknown}",
        "es": "Hay mazos sin justificar: {packs}{unknown}",
        "params": {
            "packs": "[DomainError.of(TablesCode.DECK_UNACCOUNTED_PACK, serial=u.serial, "
            "reason=Words(unaccounted_reason(u.reason, 'es'), unaccounted_reason(u.reason, "
            "'en'))) for u in recon.unaccounted]",
            "unknown": "DomainError.of(TablesCode.DECK_UNKNOWN_PACKS, serials=recon."
            "unexpected_serials) if recon.unexpected_serials else ''",
        },
    },
    (
        "PLAYER_EXCLUDED",
        "{player.display_name} is excluded ({KIND_EN[kind]}) until {_fmt_date(bar.ends_on, "
        "'en')}: no buy-in or seat. Call the pit boss; the attempt was recorded.",
    ): {
        "en": "{player} is excluded ({kind}) until {until}: no buy-in or seat. Call the pit "
        "boss; the attempt was recorded.",
        "es": "{player} está excluido ({kind}) hasta {until}: no puede comprar fichas ni "
        "sentarse. Avise al jefe de sector; el intento quedó registrado.",
        "params": {
            "player": "player.display_name",
            "kind": "Words(KIND_ES[kind], KIND_EN[kind])",
            "until": "Words(_fmt_date(bar.ends_on, 'es'), _fmt_date(bar.ends_on, 'en'))",
        },
    },
    (
        "LEVEL_NOT_IN_SCALE",
        "That level is not on the {'tournament' if ctx.is_tournament else 'cash-game'} scale "
        "({', '.join(scale_levels)}).",
    ): {
        "en": "That level is not on this table's scale ({levels}).",
        "es": "Ese nivel no está en la escala de esta mesa ({levels}).",
        "params": {"levels": "scale_levels"},
    },
    ("SEAT_OCCUPIED", "Seat {seat} is taken by {row.name or 'another player'}."): {
        "en": "Seat {seat} is taken.",
        "es": "El asiento {seat} está ocupado.",
        "params": {"seat": "seat"},
        "details": "{'name': row.name}",
    },
    (
        "AMOUNT_NOT_POSITIVE",
        "'The amount must be greater than zero.' if not allow_zero else 'The amount cannot be "
        "negative.'",
    ): {"params": {}},
    (
        "REBUY_ONLY_WHEN_BUSTED",
        "'At this table a re-buy is allowed only when the player has no chips left (OQ-27)' + "
        "(f': they have {fmt(before)}.' if before is not None else '; give their chips.')",
    ): {
        "en": "At this table a re-buy is allowed only when the player has no chips left "
        "(OQ-27); chips now: {stack}.",
        "es": "En esta mesa solo se recompra cuando el jugador se quedó sin fichas (OQ-27); "
        "fichas ahora: {stack}.",
        "params": {"stack": "before"},
    },
    (
        "FOREIGN_CHIPS_REFUSED",
        "'The casino does not accept chips brought from other tables here' + (' (colour "
        "chips).' if foreign_colour_chips else '.')",
    ): {
        "en": "The casino does not accept chips brought from other tables here.",
        "es": "El casino no admite en esta mesa fichas traídas de otras mesas.",
        "params": {},
    },
    (
        "REPORT_SIGN_ROLE_NOT_ALLOWED",
        "{SHEET_NAMES[kind][1].capitalize()} is not signed as '{parsed.value}'; it is signed "
        "as: {', '.join((r.value for r in roles))}.",
    ): {
        "en": "{sheet:capfirst} is not signed as '{role}'; it is signed as: {roles}.",
        "es": "{sheet:capfirst} no se firma como «{role}»; se firma como: {roles}.",
        "params": {
            "sheet": "Words(SHEET_NAMES[kind][0], SHEET_NAMES[kind][1])",
            "role": "parsed",
            "roles": "list(roles)",
        },
    },
}

#: Members for the new-form code the text edits write.
EXTRA_MEMBERS: dict[str, tuple[str, int, str, str]] = {
    # --- round 2: the readers of casino.formdata ---
    "NUMBER_INVALID": ("casino", 400, "Invalid number.", "Número inválido."),
    "DATE_INVALID": ("casino", 400, "Invalid date (YYYY-MM-DD).", "Fecha inválida (AAAA-MM-DD)."),
    "TIME_INVALID": ("casino", 400, "Invalid time (hh:mm).", "Hora inválida (hh:mm)."),
    "DATETIME_INVALID": (
        "casino",
        400,
        "Invalid date and time (ISO 8601).",
        "Fecha y hora inválidas (ISO 8601).",
    ),
    "FILTER_INVALID": ("casino", 400, "Invalid “{name}” filter.", "Filtro «{name}» inválido."),
    "AMOUNT_NOT_DECIMAL_STRING": (
        "casino",
        400,
        '“{name}” is an amount: send it as a decimal string ("1500.00"), not as a JSON number '
        "with decimals, which may change when read.",
        "«{name}» es un importe: envíelo como texto decimal («1500.00»), no como número JSON "
        "con decimales, que puede cambiar al leerse.",
    ),
    "EXCLUSION_LIST_ROW_INVALID": (
        "tables",
        400,
        "Line {line}: {problem} Nothing of the file was applied.",
        "Línea {line}: {problem} No se aplicó nada del archivo.",
    ),
    "EXCLUSION_ROW_DATE": (
        "tables",
        400,
        "invalid date '{value}' in {column} (YYYY-MM-DD).",
        "fecha «{value}» inválida en {column} (AAAA-MM-DD).",
    ),
    "EXCLUSION_ROW_HEADER": (
        "tables",
        400,
        "the header must be {columns}.",
        "la cabecera debe ser {columns}.",
    ),
    "EXCLUSION_ROW_COLUMNS": (
        "tables",
        400,
        "{expected} columns expected, {found} found.",
        "se esperaban {expected} columnas y hay {found}.",
    ),
    "EXCLUSION_ROW_DOCUMENT": ("tables", 400, "{problem}", "{problem}"),
    # one pack of DECKS_UNACCOUNTED, with why it is missing
    "DECK_UNACCOUNTED_PACK": ("tables", 409, "{serial} ({reason})", "{serial} ({reason})"),
    "DECK_UNKNOWN_PACKS": ("tables", 409, "; unknown: {serials}", "; desconocidos: {serials}"),
    "EXCLUSION_ROW_ENDS_EARLY": (
        "tables",
        400,
        "the exclusion ends before it starts.",
        "la exclusión termina antes de empezar.",
    ),
    "EXCLUSION_ROW_ENCODING": (
        "tables",
        400,
        "the file is not UTF-8.",
        "el archivo no está en UTF-8.",
    ),
}

NAMES: dict[str, str] = {
    "seat_no": "seat",
    "format_card(c)": "card",
    "new_step.label()": "new",
    "effective.step.label()": "current",
    "values['ruleset'].upper()": "ruleset",
    "d.value": "denomination",
    "facts.get('kind')": "kind",
    "line.value": "value",
    "Words(SHEET_NAMES[report.kind][0], SHEET_NAMES[report.kind][1])": "sheet",
    "Words(label_of(report.kind, sign_role, 'es'), label_of(report.kind, sign_role, 'en'))": (
        "role"
    ),
}

#: Where a name a parameter uses comes from, when the module does not import it yet.
IMPORTS: dict[str, str] = {
    "RotaPlan": "from rota.models import RotaPlan",
    "Tournament": "from tournaments.models import Tournament",
    "StructureVersion": "from tournaments.models import StructureVersion",
    "SeatMove": "from tournaments.models import SeatMove",
    "Settlement": "from tournaments.models import Settlement",
    "Elimination": "from tournaments.models import Elimination",
    "PayoutTable": "from tournaments.models import PayoutTable",
    "Deal": "from tournaments.models import Deal",
    "Entry": "from tournaments.models import Entry",
    "ExitKind": "from tournaments.models import ExitKind",
    "Fund": "from promotions.models import Fund",
    "JackpotClaim": "from promotions.models import JackpotClaim",
    "RESOURCE": "from casino.errorcodes import RESOURCE",
    "User": "from casino.models import User",
    "GamingDay": "from casino.models import GamingDay",
    "Role": "from casino.roles import Role",
    "Table": "from tables.models import Table",
    "TableSession": "from tables.models import TableSession",
    "TableSettings": "from tables.models import TableSettings",
    "Player": "from tables.models import Player",
    "ExclusionList": "from tables.models import ExclusionList",
    "Exclusion": "from tables.models import Exclusion",
    "KeyHandout": "from tables.models import KeyHandout",
    "ShiftChange": "from tables.models import ShiftChange",
    "WaitingEntry": "from tables.models import WaitingEntry",
    "PreparationChecklist": "from tables.models import PreparationChecklist",
    "Slip": "from cage.models import Slip",
    "SlipVoid": "from cage.models import SlipVoid",
    "TableTransaction": "from cage.models import TableTransaction",
    "Hand": "from hands.models import Hand",
    "LiveHand": "from hands.models import LiveHand",
    "ImportJob": "from hands.models import ImportJob",
    "RevalidationRun": "from hands.models import RevalidationRun",
    "Incident": "from hands.models import Incident",
    "Report": "from reports.models import Report",
    "date": "from datetime import date",
}

#: Source kept after an app's enum in ``<app>/codes.py`` (each rewrite keeps it).
ENUM_EXTRA: dict[str, tuple[str, str]] = {
    "tournaments": (
        "from poker.tournament import TCode",
        '''
class _EngineRule(RefusalCode):
    """A refusal of the tournament rules (``poker.tournament``): its words are the engine's
    catalogue's (``poker.tournament.errors.MESSAGES``, both languages), the engine's error
    the one parameter (``violation``); the published catalogue shows the engine's words."""

    def catalogue_words(self) -> tuple[str, str]:
        from poker.tournament.errors import MESSAGES

        es, en = MESSAGES[TCode(self.name.removeprefix("TOURNAMENT_"))]
        return es, en


def _rule_status(code: TCode) -> int:
    from .units import _CONFLICTS

    return 409 if code in _CONFLICTS else 400


#: The engine's refusals, answered as ``TOURNAMENT_<code>`` (``tournaments.units.refusal``).
TournamentRuleCode = _EngineRule(
    "TournamentRuleCode",
    [(f"TOURNAMENT_{c.value}", (_rule_status(c), _("{violation}"))) for c in TCode],
    module=__name__,
)
''',
    ),
}

#: The parts of the codes whose sites say different things (``MESSAGES``' "{problem}"): per
#: site, the part's code, its app, its parameters (name -> source), English and Spanish.
PARTS: list[tuple[str, str, str, str, str, dict[str, str], str, str]] = [
    # hihand (promotions)
    (
        "promotions/api/views.py",
        "PERIOD_INVALID",
        "The period ends after it starts.",
        "PERIOD_END_NOT_AFTER_START",
        "promotions",
        {},
        "The period ends after it starts.",
        "El período termina después de empezar.",
    ),
    (
        "promotions/services.py",
        "PERIOD_INVALID",
        "The period ends after it starts.",
        "PERIOD_END_NOT_AFTER_START",
        "promotions",
        {},
        "The period ends after it starts.",
        "El período termina después de empezar.",
    ),
    (
        "promotions/views.py",
        "PERIOD_INVALID",
        "Give the period's start and end.",
        "PERIOD_BOUNDS_REQUIRED",
        "promotions",
        {},
        "Give the period's start and end.",
        "Indique el comienzo y el final del período.",
    ),
    (
        "promotions/services.py",
        "CLAIM_KIND_INVALID",
        "Only a bad-beat jackpot is claimed by hand; the high hand is paid by period.",
        "CLAIM_BY_HAND_BAD_BEAT_ONLY",
        "promotions",
        {},
        "Only a bad-beat jackpot is claimed by hand; the high hand is paid by period.",
        "Solo se reclama un jackpot bad beat por mano; la mano alta se paga por período.",
    ),
    (
        "promotions/services.py",
        "CLAIM_KIND_INVALID",
        "Only a high-hand prize is claimed by period.",
        "CLAIM_BY_PERIOD_HIGH_HAND_ONLY",
        "promotions",
        {},
        "Only a high-hand prize is claimed by period.",
        "Solo un premio a la mano alta se reclama por período.",
    ),
    (
        "hands/adapter/build.py",
        "AWARD_INVALID",
        "Who took a pot is recorded once the hand is over.",
        "AWARD_BEFORE_HAND_END",
        "hands",
        {},
        "Who took a pot is recorded once the hand is over.",
        "El reparto de un bote se registra cuando la mano terminó.",
    ),
    (
        "hands/adapter/build.py",
        "AWARD_INVALID",
        "The hand has no pot {pot}.",
        "AWARD_POT_UNKNOWN",
        "hands",
        {"pot": "pot"},
        "The hand has no pot {pot}.",
        "La mano no tiene el bote {pot}.",
    ),
    (
        "hands/adapter/build.py",
        "AWARD_INVALID",
        "Who took that pot is already recorded.",
        "AWARD_ALREADY_RECORDED",
        "hands",
        {},
        "Who took that pot is already recorded.",
        "Ese bote ya tiene registrado a quién se empujó.",
    ),
    (
        "hands/adapter/build.py",
        "AWARD_INVALID",
        "Give the seat or seats the croupier pushed the pot to.",
        "AWARD_SEATS_REQUIRED",
        "hands",
        {},
        "Give the seat or seats the croupier pushed the pot to.",
        "Indique a qué asiento o asientos empujó el croupier el bote.",
    ),
    (
        "hands/adapter/build.py",
        "AWARD_INVALID",
        "Unknown reason: {reason}.",
        "AWARD_REASON_UNKNOWN",
        "hands",
        {"reason": "reason"},
        "Unknown reason: {reason}.",
        "Motivo desconocido: {reason}.",
    ),
    (
        "hands/adapter/build.py",
        "AWARD_INVALID",
        "Seat {seat} was not contesting that pot.",
        "AWARD_SEAT_NOT_CONTESTING",
        "hands",
        {"seat": "seat"},
        "Seat {seat} was not contesting that pot.",
        "El asiento {seat} no disputaba ese bote.",
    ),
    (
        "cage/services/common.py",
        "CROUPIER_REQUIRED",
        "Say which croupier made the change.",
        "CROUPIER_OF_CHANGE_REQUIRED",
        "cage",
        {},
        "Say which croupier made the change.",
        "Indique el croupier que hizo el cambio.",
    ),
    (
        "tournaments/services/seating.py",
        "CROUPIER_REQUIRED",
        "Name the dealer on duty at table {session.table.number}, who confirms with his PIN.",
        "DEALER_ON_DUTY_REQUIRED",
        "tournaments",
        {"number": "session.table.number"},
        "Name the dealer on duty at table {number}, who confirms with his PIN.",
        "Indique el croupier de turno en la mesa {number}, que confirma con su PIN.",
    ),
    (
        "promotions/services.py",
        "HAND_DOES_NOT_QUALIFY",
        "The hand does not qualify.",
        "HAND_NOT_VALID_FOR_FUND",
        "promotions",
        {},
        "The hand does not qualify.",
        "La mano no califica.",
    ),
    (
        "promotions/services.py",
        "HAND_DOES_NOT_QUALIFY",
        "The hand does not qualify: {reason['en']}",
        "HAND_FAILS_FUND_RULE",
        "promotions",
        {"reason": "Words(reason['es'], reason['en'])"},
        "The hand does not qualify: {reason}",
        "La mano no califica: {reason}",
    ),
    (
        "casino/scoping.py",
        "NOT_CROUPIER_ON_DUTY",
        "Only the croupier on duty at table {table} may sign or act as croupier.",
        "ONLY_CROUPIER_ON_DUTY",
        "casino",
        {"table": "table"},
        "Only the croupier on duty at table {table} may sign or act as croupier.",
        "Solo el croupier de turno en la mesa {table} puede firmar o actuar como croupier.",
    ),
    (
        "tournaments/services/seating.py",
        "NOT_CROUPIER_ON_DUTY",
        "The dealer on duty at table {session.table.number} confirms.",
        "DEALER_ON_DUTY_CONFIRMS",
        "tournaments",
        {"number": "session.table.number"},
        "The dealer on duty at table {number} confirms.",
        "Confirma el croupier de turno en la mesa {number}.",
    ),
    (
        "tables/services/decks/inspection.py",
        "PACK_INCOMPLETE",
        "An incomplete pack does not go into play: reject it, and the pit boss replaces it.",
        "PACK_INCOMPLETE_NOT_IN_PLAY",
        "tables",
        {},
        "An incomplete pack does not go into play: reject it, and the pit boss replaces it.",
        "Un mazo incompleto no se pone en juego: recházelo para que el jefe de sector lo reemplace.",
    ),
    (
        "tables/services/decks/moves.py",
        "PACK_INCOMPLETE",
        "An incomplete pack does not rest: withdraw it.",
        "PACK_INCOMPLETE_NOT_RESTING",
        "tables",
        {},
        "An incomplete pack does not rest: withdraw it.",
        "Un mazo incompleto no descansa: retírelo del juego.",
    ),
    (
        "tournaments/services/eliminations.py",
        "PLAYER_ALREADY_REGISTERED",
        "The player came back with another entry.",
        "PLAYER_CAME_BACK",
        "tournaments",
        {},
        "The player came back with another entry.",
        "El jugador volvió con otra inscripción.",
    ),
    (
        "tournaments/services/entries.py",
        "PLAYER_ALREADY_REGISTERED",
        "{player.display_name} is already registered in the tournament.",
        "PLAYER_REGISTERED_ALREADY",
        "tournaments",
        {"player": "player.display_name"},
        "{player} is already registered in the tournament.",
        "{player} ya está inscripto en el torneo.",
    ),
    (
        "tournaments/services/entries.py",
        "REGISTRATION_STILL_OPEN",
        "Late registration is still open: absent players are dealt in until it closes (TOUR-02).",
        "REGISTRATION_OPEN_ABSENT_DEALT_IN",
        "tournaments",
        {},
        "Late registration is still open: absent players are dealt in until it closes (TOUR-02).",
        "La inscripción tardía sigue abierta: los ausentes reciben cartas hasta que cierre (TOUR-02).",
    ),
    (
        "tournaments/services/payouts.py",
        "REGISTRATION_STILL_OPEN",
        "Late registration is still open: the pool can still grow.",
        "REGISTRATION_OPEN_POOL_GROWS",
        "tournaments",
        {},
        "Late registration is still open: the pool can still grow.",
        "La inscripción tardía sigue abierta: el pozo aún puede crecer.",
    ),
    (
        "hands/adapter/build.py",
        "STRUCTURE_INVALID",
        "Unknown betting structure: {structure}.",
        "BETTING_STRUCTURE_UNKNOWN",
        "hands",
        {"structure": "structure"},
        "Unknown betting structure: {structure}.",
        "Estructura de apuestas desconocida: {structure}.",
    ),
    (
        "tournaments/services/structures.py",
        "STRUCTURE_INVALID",
        "The structure must be an object.",
        "STRUCTURE_NOT_AN_OBJECT",
        "tournaments",
        {},
        "The structure must be an object.",
        "La estructura debe ser un objeto.",
    ),
    (
        "tournaments/views.py",
        "STRUCTURE_INVALID",
        "The structure is not valid JSON.",
        "STRUCTURE_NOT_JSON",
        "tournaments",
        {},
        "The structure is not valid JSON.",
        "La estructura no es JSON válido.",
    ),
    (
        "tables/services/seating.py",
        "TABLE_INVALID",
        "Invalid table.",
        "TABLE_NOT_VALID",
        "tables",
        {},
        "Invalid table.",
        "Mesa inválida.",
    ),
    (
        "tournaments/services/seating.py",
        "TABLE_INVALID",
        "Invalid table.",
        "TABLE_NOT_VALID",
        "tables",
        {},
        "Invalid table.",
        "Mesa inválida.",
    ),
    (
        "tournaments/services/eliminations.py",
        "TABLE_INVALID",
        "Table {table} does not play the tournament.",
        "TABLE_NOT_IN_TOURNAMENT",
        "tournaments",
        {"table": "table"},
        "Table {table} does not play the tournament.",
        "La mesa {table} no juega el torneo.",
    ),
    (
        "tournaments/services/seating.py",
        "TABLE_INVALID",
        "There is no table {missing[0]}.",
        "TABLE_NUMBER_UNKNOWN",
        "tournaments",
        {"number": "missing[0]"},
        "There is no table {number}.",
        "No existe la mesa {number}.",
    ),
    (
        "tournaments/services/seating.py",
        "TOURNAMENT_TABLE_IN_USE",
        "Table {table.number} already plays another tournament.",
        "TABLE_PLAYS_ANOTHER_TOURNAMENT",
        "tournaments",
        {"number": "table.number"},
        "Table {number} already plays another tournament.",
        "La mesa {number} ya juega otro torneo.",
    ),
    (
        "tournaments/services/seating.py",
        "TOURNAMENT_TABLE_IN_USE",
        "Table {chosen.number} is already the tournament's.",
        "TABLE_ALREADY_IN_TOURNAMENT",
        "tournaments",
        {"number": "chosen.number"},
        "Table {number} is already the tournament's.",
        "La mesa {number} ya es del torneo.",
    ),
    (
        "tournaments/services/eliminations.py",
        "TOURNAMENT_NEXT_HAND_DIFFERS",
        "The next hand has already started at that table: the chips leave play (TOUR-04).",
        "NEXT_HAND_ALREADY_STARTED",
        "tournaments",
        {},
        "The next hand has already started at that table: the chips leave play (TOUR-04).",
        "La mano siguiente ya empezó en esa mesa: las fichas salen del juego (TOUR-04).",
    ),
    (
        "tournaments/services/eliminations.py",
        "TOURNAMENT_NEXT_HAND_DIFFERS",
        "The next hand has not started at that table: the chips go to the winner (TOUR-04).",
        "NEXT_HAND_NOT_STARTED",
        "tournaments",
        {},
        "The next hand has not started at that table: the chips go to the winner (TOUR-04).",
        "La mano siguiente no empezó en esa mesa: las fichas van al ganador (TOUR-04).",
    ),
]


def _parts() -> None:
    """``PARTS`` as overrides and members."""
    for rel, code, at_site, part, app, params, en, es in PARTS:
        args = "".join(f", {k}={v}" for k, v in params.items())
        upper = app.capitalize() + "Code"
        OVERRIDES[(rel, code, at_site)] = {
            "params": {"problem": f"DomainError.of({upper}.{part}{args})"}
        }
        EXTRA_MEMBERS.setdefault(part, (app, MESSAGES[code]["status"], en, es))


_parts()
