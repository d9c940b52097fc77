"""Staff roles and permissions: one source of truth (ROLE-01, ROLE-02).

Roles are Django groups named after :class:`Role`; each group's permissions are
exactly ``ROLE_PERMISSIONS[role]``, synchronised after every ``migrate``
(:func:`sync_roles`). Permission codenames come from the one enum
:class:`Perm` and live on the ``casino.Permissions`` anchor model, so every
check reads ``casino.<codename>``.

A user may hold several roles but acts in one role per action (issue 2): the
role is chosen per request (``X-Mesa-Role`` header, or the page's role switch)
and checked by :mod:`casino.access`.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class Role(models.TextChoices):
    CROUPIER = "croupier", _("Croupier")
    SUPERVISOR = "supervisor", _("Table supervisor")
    PIT_BOSS = "pit_boss", _("Pit boss")
    SHIFT_MANAGER = "shift_manager", _("Shift manager")
    SECURITY = "security", _("Security officer")
    CAGE_CASHIER = "cage_cashier", _("Cage cashier")
    SURVEILLANCE = "surveillance", _("Surveillance")
    AUDITOR = "auditor", _("Auditor")


class Perm(models.TextChoices):
    """Every permission codename in Mesa. Add new ones here, in their block."""

    # casino kernel
    VIEW_AUDIT = "view_audit", _("View the audit trail")
    MANAGE_STAFF = "manage_staff", _("Manage staff and roles")
    MANAGE_SETTINGS = "manage_settings", _("Change casino and table settings")
    OPEN_GAMING_DAY = "open_gaming_day", _("Open a gaming day")
    CLOSE_GAMING_DAY = "close_gaming_day", _("Close a gaming day")
    # tables: sessions, counts, decks, sanctions
    VIEW_TABLES = "view_tables", _("View tables and sessions")
    OPEN_SESSION = "open_session", _("Open a table session and record its opening count")
    CLOSE_SESSION = "close_session", _("Close a table session and record its closing count")
    SUSPEND_SESSION = "suspend_session", _("Suspend or resume a table")
    INSPECT_TABLE = "inspect_table", _("Inspect a closed table and release its croupier")
    # issue 41 §5: acts that were checked by comparing role names
    RELIEVE_SUPERVISOR = "relieve_supervisor", _("Relieve a table's supervisor")
    RECORD_SHIFT_CHANGE = "record_shift_change", _("Record a shift change at a table")
    ANNOUNCE_PLAY = "announce_play", _("Be told that play begins at a table")
    OVERRIDE_PREPARATION = (
        "override_preparation",
        _("Let an opening start without its checklists"),
    )
    CONFIRM_EMPTY_BANK = "confirm_empty_bank", _("Confirm a closed table's bank is empty")
    SIGN_PREPARATION_CHECKLIST = (
        "sign_preparation_checklist",
        _("Sign the day's preparation checklist"),
    )
    KEEP_KEYS = "keep_keys", _("Hold and pass on the table keys")
    RECORD_DEALER_CHANGE = "record_dealer_change", _("Record dealer changes")
    ACKNOWLEDGE_DISCREPANCY = "acknowledge_discrepancy", _("Acknowledge count discrepancies")
    RECORD_SURVEILLANCE = "record_surveillance", _("Record surveillance authorisations")
    RECORD_SECURITY = "record_security", _("Record security presence")
    VIEW_DECKS = "view_decks", _("View deck custody")
    DECK_RECEIVE = "deck_receive", _("Receive card packs from security")
    DECK_DELIVER = "deck_deliver", _("Deliver card packs (security)")
    DECK_ISSUE = "deck_issue", _("Issue card packs to tables")
    DECK_HANDLE = "deck_handle", _("Inspect, rotate and return packs at a table")
    DECK_DESTROY = "deck_destroy", _("Cancel or destroy card packs")
    DECK_FINAL_CONTROL = "deck_final_control", _("Sign the day's deck reconciliation")
    VIEW_SANCTIONS = "view_sanctions", _("View the sanctions ledger")
    PROPOSE_SANCTION = "propose_sanction", _("Propose a sanction")
    IMPOSE_SANCTION = "impose_sanction", _("Impose, lift or reduce a sanction")
    IMPOSE_SEVERE_SANCTION = (
        "impose_severe_sanction",
        _("Impose disqualification, removal or expulsion"),
    )
    # tables: the player registry and exclusions (issue 17 §1, §2)
    VIEW_PLAYERS = "view_players", _("View players (names only)")
    REGISTER_PLAYER = "register_player", _("Register or find a player by document")
    # Not a view_ permission: the auditor does not read identities (data protection).
    READ_PLAYER_IDENTITY = "read_player_identity", _("Read a player's identity document")
    VIEW_EXCLUSIONS = "view_exclusions", _("View exclusions and refused attempts")
    RECORD_EXCLUSION = "record_exclusion", _("Record or lift a self-exclusion")
    IMPORT_EXCLUSION_LIST = "import_exclusion_list", _("Import a regulator's exclusion list")
    # SEAT-12, RPT-14: the supervisor refers a player for VIP membership; management reads.
    REFER_VIP = "refer_vip", _("Refer a player for VIP membership")
    VIEW_VIP_REFERRALS = "view_vip_referrals", _("View the VIP referral list")
    # the incident log (issue 17 §3; ROLE-06, AUTH-01)
    VIEW_INCIDENTS = "view_incidents", _("View the incident log")
    RECORD_INCIDENT = "record_incident", _("Record, escalate, decide and close incidents")
    # cage
    VIEW_CAGE = "view_cage", _("View cage records")
    RECORD_BUYIN = "record_buyin", _("Record buy-ins and re-buys")
    RECORD_CHANGE = "record_change", _("Record cash, colour, cash-out and tip changes")
    APPROVE_CHANGE = "approve_change", _("Approve changes as supervisor")
    OVERRIDE_BUYIN_LIMIT = "override_buyin_limit", _("Override buy-in limits")
    REQUEST_FILL = "request_fill", _("Request fills and credits")
    ISSUE_SLIP = "issue_slip", _("Issue fill and credit slips at the cage")
    VOID_SLIP = "void_slip", _("Void a slip")
    COUNT_DROP = "count_drop", _("Count drop and rake boxes")
    EXPLAIN_VARIANCE = "explain_variance", _("Explain reconciliation variances")
    CARRY_SLIP = "carry_slip", _("Carry fill and credit slips (security)")
    # issue 6 item 8: the cage counts blind
    VIEW_EXPECTED_FIGURES = "view_expected_figures", _("See the books' expected figures")
    # hand recorder
    VIEW_HANDS = "view_hands", _("View hands")
    LOG_HAND = "log_hand", _("Log hands")
    REVIEW_HAND = "review_hand", _("Review and resolve invalid hands")
    IMPORT_HANDS = "import_hands", _("Import hands from PHH")
    REVALIDATE_HANDS = "revalidate_hands", _("Re-validate stored hands")
    MANAGE_SEATING = "manage_seating", _("Seat players, keep the waiting list, draw the button")
    # reports
    VIEW_REPORTS = "view_reports", _("View and download reports")
    REQUEST_REPORT = "request_report", _("Request reports")
    # RPT-17: every table's reports and every report requested, not only one's own
    VIEW_ALL_REPORTS = "view_all_reports", _("View the reports of every table and person")
    # Who may request each kind of report (RPT-17), one audience each (issue 41 §5)
    VIEW_TABLE_REPORTS = "view_table_reports", _("Request the tables' reports")
    VIEW_DAY_REPORTS = "view_day_reports", _("Request the gaming day's management reports")
    VIEW_SECTOR_REPORTS = "view_sector_reports", _("Request the sector and tournament reports")
    VIEW_SLIP_REPORTS = "view_slip_reports", _("Request the fill and credit slips report")
    VIEW_HOUSE_RULES = "view_house_rules", _("Print the house rules")
    ISSUE_TOURNAMENT_RECORD = (
        "issue_tournament_record",
        _("Issue a tournament's record for the regulator"),
    )
    # tournaments (issue 42)
    VIEW_TOURNAMENTS = "view_tournaments", _("View tournaments, their clock and results")
    MANAGE_TOURNAMENTS = "manage_tournaments", _("Create tournament structures and tournaments")
    RUN_TOURNAMENT = "run_tournament", _("Run a tournament: draw, clock, moves, eliminations")
    CONFIRM_TOURNAMENT_MOVE = "confirm_tournament_move", _("Confirm a player moved at a table")
    RECORD_TOURNAMENT_ENTRY = "record_tournament_entry", _("Register and refund tournament entries")
    APPROVE_TOURNAMENT_PAYOUTS = (
        "approve_tournament_payouts",
        _("Approve a tournament's payouts and deals"),
    )
    PAY_TOURNAMENT_PRIZE = "pay_tournament_prize", _("Pay tournament prizes at the cage")
    # the dealers' rota (issue 44 §3); reading it is VIEW_TABLES
    PLAN_ROTA = "plan_rota", _("Plan and re-plan the dealers' rota")
    # promotions (issue 44): the roles a jackpot claim's signatures take
    SIGN_JACKPOT_CLAIM = "sign_jackpot_claim", _("Sign a jackpot claim")


P = Perm
_READ_FLOOR = {P.VIEW_TABLES, P.VIEW_DECKS, P.VIEW_SANCTIONS, P.VIEW_HANDS}
_READ_ALL = _READ_FLOOR | {P.VIEW_CAGE, P.VIEW_REPORTS, P.VIEW_AUDIT}

ROLE_PERMISSIONS: dict[Role, frozenset[Perm]] = {
    # The croupier signs counts and receipts with a PIN on the supervisor's terminal
    # (ROLE-13, OQ-34); as a user they see their table and log hands from a tablet.
    Role.CROUPIER: frozenset(
        {P.VIEW_TABLES, P.VIEW_HANDS, P.LOG_HAND, P.DECK_HANDLE}
        | {P.VIEW_INCIDENTS, P.RECORD_INCIDENT}  # ROLE-05/06: refers complaints
        | {P.VIEW_TOURNAMENTS, P.CONFIRM_TOURNAMENT_MOVE}  # issue 42: the dealer's move slip
        # RPT-17: the report kinds it may request (each kind's ReportSpec.perm)
        | {P.VIEW_HOUSE_RULES}
    ),
    Role.SUPERVISOR: frozenset(
        _READ_FLOOR
        | {
            P.VIEW_CAGE,
            P.VIEW_REPORTS,
            P.REQUEST_REPORT,
            P.OPEN_SESSION,
            P.CLOSE_SESSION,
            P.RECORD_DEALER_CHANGE,
            P.DECK_HANDLE,
            P.PROPOSE_SANCTION,
            P.RECORD_BUYIN,
            P.RECORD_CHANGE,
            P.APPROVE_CHANGE,
            P.LOG_HAND,
            P.IMPORT_HANDS,
            P.MANAGE_SEATING,
            P.VIEW_PLAYERS,  # issue 17 §1: the name only
            P.REGISTER_PLAYER,
            P.REFER_VIP,  # SEAT-12
            P.VIEW_INCIDENTS,  # issue 17 §3
            P.RECORD_INCIDENT,
            P.VIEW_TOURNAMENTS,  # issue 42: runs the tournament's tables
            P.RUN_TOURNAMENT,
            P.CONFIRM_TOURNAMENT_MOVE,  # with the croupier's PIN on this terminal
            P.ANNOUNCE_PLAY,  # OPEN-17, SHUF-01
            P.CONFIRM_EMPTY_BANK,  # CLOSE-06
            P.KEEP_KEYS,  # OPEN-01, OPEN-15
            P.VIEW_EXPECTED_FIGURES,
            P.SIGN_JACKPOT_CLAIM,
        }
        # RPT-17: the report kinds it may request (each kind's ReportSpec.perm)
        | {P.VIEW_TABLE_REPORTS, P.VIEW_SLIP_REPORTS, P.VIEW_HOUSE_RULES}
    ),
    Role.PIT_BOSS: frozenset(
        _READ_ALL - {P.VIEW_AUDIT}
        | {
            P.REQUEST_REPORT,
            P.OPEN_SESSION,
            P.CLOSE_SESSION,
            P.SUSPEND_SESSION,
            P.INSPECT_TABLE,  # CLOSE-14, CLOSE-15: the pit boss, not the supervisor
            P.RECORD_DEALER_CHANGE,
            P.ACKNOWLEDGE_DISCREPANCY,
            P.DECK_RECEIVE,
            P.DECK_ISSUE,
            P.DECK_HANDLE,
            P.PROPOSE_SANCTION,
            P.IMPOSE_SANCTION,
            P.OVERRIDE_BUYIN_LIMIT,
            P.REQUEST_FILL,
            P.VOID_SLIP,
            P.EXPLAIN_VARIANCE,
            P.REVIEW_HAND,
            P.IMPORT_HANDS,
            P.APPROVE_CHANGE,
            P.MANAGE_SEATING,
            P.VIEW_PLAYERS,  # issue 17 §1, §2
            P.REGISTER_PLAYER,
            P.READ_PLAYER_IDENTITY,
            P.VIEW_EXCLUSIONS,
            P.RECORD_EXCLUSION,
            P.REFER_VIP,  # SEAT-12, RPT-14
            P.VIEW_VIP_REFERRALS,
            P.VIEW_INCIDENTS,  # issue 17 §3
            P.RECORD_INCIDENT,
            P.VIEW_TOURNAMENTS,  # issue 42
            P.MANAGE_TOURNAMENTS,
            P.RUN_TOURNAMENT,
            P.CONFIRM_TOURNAMENT_MOVE,
            P.PLAN_ROTA,  # issue 44 §3: the tables of his sector
            P.RELIEVE_SUPERVISOR,  # issue 12 §1
            P.RECORD_SHIFT_CHANGE,
            P.ANNOUNCE_PLAY,  # OPEN-17, SHUF-01
            P.OVERRIDE_PREPARATION,  # PREP-05
            P.KEEP_KEYS,  # OPEN-01, OPEN-15
            P.VIEW_EXPECTED_FIGURES,
        }
        # RPT-17: the report kinds it may request (each kind's ReportSpec.perm)
        | {P.VIEW_TABLE_REPORTS, P.VIEW_SECTOR_REPORTS, P.VIEW_SLIP_REPORTS, P.VIEW_HOUSE_RULES}
    ),
    Role.SHIFT_MANAGER: frozenset(
        _READ_ALL
        | {
            P.REQUEST_REPORT,
            P.MANAGE_SETTINGS,
            P.MANAGE_STAFF,
            P.OPEN_GAMING_DAY,
            P.CLOSE_GAMING_DAY,
            P.SUSPEND_SESSION,
            P.INSPECT_TABLE,
            P.ACKNOWLEDGE_DISCREPANCY,
            P.DECK_FINAL_CONTROL,
            P.IMPOSE_SANCTION,
            P.IMPOSE_SEVERE_SANCTION,
            P.OVERRIDE_BUYIN_LIMIT,
            P.VOID_SLIP,
            P.EXPLAIN_VARIANCE,
            P.REVIEW_HAND,
            P.REVALIDATE_HANDS,
            P.VIEW_PLAYERS,  # issue 17 §1, §2
            P.REGISTER_PLAYER,
            P.READ_PLAYER_IDENTITY,
            P.VIEW_EXCLUSIONS,
            P.RECORD_EXCLUSION,
            P.IMPORT_EXCLUSION_LIST,
            P.VIEW_VIP_REFERRALS,  # RPT-14
            P.VIEW_INCIDENTS,  # issue 17 §3
            P.RECORD_INCIDENT,
            P.VIEW_TOURNAMENTS,  # issue 42; ROLE-09, TOUR-07: approves payouts and deals
            P.MANAGE_TOURNAMENTS,
            P.RUN_TOURNAMENT,
            P.APPROVE_TOURNAMENT_PAYOUTS,
            P.PLAN_ROTA,  # issue 44 §3
            P.RELIEVE_SUPERVISOR,  # issue 12 §1
            P.RECORD_SHIFT_CHANGE,
            P.ANNOUNCE_PLAY,  # OPEN-17, SHUF-01: above both, may stand in
            P.SIGN_PREPARATION_CHECKLIST,  # PREP-01, ROLE-09
            P.KEEP_KEYS,  # OPEN-01
            P.VIEW_EXPECTED_FIGURES,
            P.VIEW_ALL_REPORTS,  # RPT-17
            P.SIGN_JACKPOT_CLAIM,
        }
        # RPT-17: the report kinds it may request (each kind's ReportSpec.perm)
        | {
            P.VIEW_TABLE_REPORTS,
            P.VIEW_DAY_REPORTS,
            P.VIEW_SECTOR_REPORTS,
            P.VIEW_SLIP_REPORTS,
            P.VIEW_HOUSE_RULES,
            P.ISSUE_TOURNAMENT_RECORD,
        }
    ),
    Role.SECURITY: frozenset(
        {
            P.VIEW_TABLES,
            P.VIEW_DECKS,
            P.DECK_DELIVER,
            P.DECK_DESTROY,
            P.RECORD_SECURITY,
            P.CARRY_SLIP,
        }
    ),
    Role.CAGE_CASHIER: frozenset(
        # The cage prints the slips it issues (RPT-03).
        {P.VIEW_TABLES, P.VIEW_CAGE, P.ISSUE_SLIP, P.COUNT_DROP, P.VIEW_REPORTS, P.REQUEST_REPORT}
        # issue 42: tournament entries, refunds and prizes at the cage
        | {P.VIEW_TOURNAMENTS, P.RECORD_TOURNAMENT_ENTRY, P.PAY_TOURNAMENT_PRIZE}
        # RPT-17: the report kinds it may request (each kind's ReportSpec.perm)
        | {P.VIEW_SLIP_REPORTS, P.VIEW_HOUSE_RULES}
    ),
    Role.SURVEILLANCE: frozenset(
        {P.VIEW_TABLES, P.VIEW_DECKS, P.VIEW_HANDS, P.RECORD_SURVEILLANCE, P.VIEW_AUDIT}
        # issue 17 §1, §2: surveillance reads identities and the refused attempts
        | {P.VIEW_PLAYERS, P.READ_PLAYER_IDENTITY, P.VIEW_EXCLUSIONS}
        | {P.VIEW_INCIDENTS}  # issue 17 §3
        | {P.SIGN_JACKPOT_CLAIM}
        # RPT-17: the report kinds it may request (each kind's ReportSpec.perm)
        | {P.VIEW_HOUSE_RULES}
    ),
    # A manager with read-only access to every record and report (ROLE-01).
    Role.AUDITOR: frozenset(
        _READ_ALL
        | {P.REQUEST_REPORT, P.VIEW_PLAYERS, P.VIEW_EXCLUSIONS}  # issue 17: no identity
        | {P.VIEW_VIP_REFERRALS}  # RPT-14
        | {P.VIEW_INCIDENTS}
        | {P.VIEW_TOURNAMENTS}  # issue 42
        | {P.VIEW_EXPECTED_FIGURES, P.VIEW_ALL_REPORTS}  # RPT-17: reads every record
        # RPT-17: the report kinds it may request (each kind's ReportSpec.perm)
        | {
            P.VIEW_TABLE_REPORTS,
            P.VIEW_DAY_REPORTS,
            P.VIEW_SECTOR_REPORTS,
            P.VIEW_SLIP_REPORTS,
            P.VIEW_HOUSE_RULES,
        }
    ),
}


def role_label_es(role: Role | str) -> str:
    """The role's name in Spanish, whatever the request's language: for the Spanish half
    of a text still written in both languages (the cage's reconciliation findings; a
    refusal names a role by rendering it, casino.refusals)."""
    from .formatting import es

    return es(Role(role).label)


def role_has(role: Role | str, perm: Perm | str) -> bool:
    return Perm(perm) in ROLE_PERMISSIONS[Role(role)]


def roles_with(perm: Perm | str) -> list[Role]:
    return [role for role, perms in ROLE_PERMISSIONS.items() if Perm(perm) in perms]


def sync_roles(using: str = "default") -> None:
    """Make each role's group hold exactly its permissions (run after migrate)."""
    from django.contrib.auth.models import Group
    from django.contrib.auth.models import Permission as DjangoPermission
    from django.contrib.contenttypes.models import ContentType

    from .models import Permissions

    ct = ContentType.objects.db_manager(using).get_for_model(Permissions)
    by_code = {}
    for perm in Perm:
        obj, _created = DjangoPermission.objects.using(using).update_or_create(
            content_type=ct, codename=perm.value, defaults={"name": str(perm.label)[:255]}
        )
        by_code[perm] = obj
    for role in Role:
        group, _created = Group.objects.using(using).get_or_create(name=role.value)
        group.permissions.set([by_code[p] for p in ROLE_PERMISSIONS[role]])
