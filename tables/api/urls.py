from django.urls import path

from . import opening as op
from . import players as pl
from . import procedure as pr
from . import shifts as sh
from .views import decks as dv
from .views import keys as kv
from .views import sanctions as sa
from .views import sessions as se
from .views import sheets as sv
from .views import tables as tv

urlpatterns = [
    # tables, settings, sessions
    path("tables/", tv.TableListView.as_view(), name="api-tables-list"),
    path("tables/<int:pk>/", tv.TableDetailView.as_view(), name="api-tables-detail"),
    path("tables/<int:pk>/settings/", tv.TableSettingsView.as_view(), name="api-tables-settings"),
    # issue 15 §5: what an opening needs, read through the API
    path(
        "tables/<int:pk>/settings/history/",
        op.TableSettingsHistoryView.as_view(),
        name="api-tables-settings-history",
    ),
    path("tables/<int:pk>/chip-set/", op.TableChipSetView.as_view(), name="api-tables-chip-set"),
    path("checklists/", op.ChecklistCatalogueView.as_view(), name="api-tables-checklists"),
    path("tables/<int:pk>/sessions/", se.SessionOpenView.as_view(), name="api-tables-session-open"),
    path("table-ops-settings/", tv.OpsSettingsView.as_view(), name="api-tables-ops-settings"),
    # PREP-01 (issue 17 §4): the management's checklist of the open gaming day
    path(
        "preparation-checklist/",
        pr.PreparationChecklistView.as_view(),
        name="api-tables-preparation-checklist",
    ),
    path("sessions/<int:pk>/", se.SessionDetailView.as_view(), name="api-tables-session"),
    path(
        "sessions/<int:pk>/readiness/",
        se.SessionReadinessView.as_view(),
        name="api-tables-session-readiness",
    ),
    path(
        "sessions/<int:pk>/start-play/",
        se.SessionStartPlayView.as_view(),
        name="api-tables-session-start-play",
    ),
    path(
        "sessions/<int:pk>/suspend/",
        se.SessionSuspendView.as_view(),
        name="api-tables-session-suspend",
    ),
    path(
        "sessions/<int:pk>/resume/",
        se.SessionResumeView.as_view(),
        name="api-tables-session-resume",
    ),
    path(
        "sessions/<int:pk>/last-hand/",
        se.SessionLastHandView.as_view(),
        name="api-tables-session-last-hand",
    ),
    path(
        "sessions/<int:pk>/closing/",
        se.SessionClosingView.as_view(),
        name="api-tables-session-closing",
    ),
    path(
        "sessions/<int:pk>/dealer-changes/",
        se.DealerChangeView.as_view(),
        name="api-tables-dealer-change",
    ),
    # shift changes (issue 14 §3)
    path(
        "sessions/<int:pk>/shift-changes/",
        sh.SessionShiftChangesView.as_view(),
        name="api-tables-shift-changes",
    ),
    path(
        "shift-changes/<int:pk>/",
        sh.ShiftChangeDetailView.as_view(),
        name="api-tables-shift-change",
    ),
    path(
        "shift-changes/<int:pk>/sign/",
        sh.ShiftChangeSignView.as_view(),
        name="api-tables-shift-change-sign",
    ),
    path(
        "sessions/<int:pk>/supervisor-relief/",
        se.SupervisorReliefView.as_view(),
        name="api-tables-supervisor-relief",
    ),
    path(
        "sessions/<int:pk>/events/", se.SessionEventView.as_view(), name="api-tables-session-event"
    ),
    path(
        "sessions/<int:pk>/rotate-deck/", dv.DeckRotateView.as_view(), name="api-tables-deck-rotate"
    ),
    path(
        "sessions/<int:pk>/checklists/",
        se.PrepChecklistView.as_view(),
        name="api-tables-prep-checklist",
    ),
    path(
        "sessions/<int:pk>/checklist-override/",
        se.PrepOverrideView.as_view(),
        name="api-tables-prep-override",
    ),
    path(
        "sessions/<int:pk>/closing-checklist/",
        se.ClosingChecklistView.as_view(),
        name="api-tables-closing-checklist",
    ),
    # sheets
    path("sheets/to-sign/", sv.SheetsToSignView.as_view(), name="api-tables-sheets-to-sign"),
    path("openings/<int:pk>/", sv.OpeningDetailView.as_view(), name="api-tables-opening"),
    path(
        "openings/<int:pk>/count/", sv.OpeningCountView.as_view(), name="api-tables-opening-count"
    ),
    path("openings/<int:pk>/sign/", sv.OpeningSignView.as_view(), name="api-tables-opening-sign"),
    path(
        "openings/<int:pk>/copies/",
        sv.OpeningCopiesView.as_view(),
        name="api-tables-opening-copies",
    ),
    path(
        "discrepancies/<int:pk>/acknowledge/",
        sv.DiscrepancyAcknowledgeView.as_view(),
        name="api-tables-discrepancy-acknowledge",
    ),
    path("closings/<int:pk>/", sv.ClosingDetailView.as_view(), name="api-tables-closing"),
    path(
        "closings/<int:pk>/count/", sv.ClosingCountView.as_view(), name="api-tables-closing-count"
    ),
    path(
        "closings/<int:pk>/empty-bank/",
        sv.ClosingEmptyBankView.as_view(),
        name="api-tables-closing-empty-bank",
    ),
    path("closings/<int:pk>/sign/", sv.ClosingSignView.as_view(), name="api-tables-closing-sign"),
    path(
        "closings/<int:pk>/copies/",
        sv.ClosingCopiesView.as_view(),
        name="api-tables-closing-copies",
    ),
    # decks
    path("packs/", dv.PackListView.as_view(), name="api-tables-packs"),
    path("packs/<int:pk>/", dv.PackDetailView.as_view(), name="api-tables-pack"),
    path("packs/<int:pk>/move/", dv.PackMoveView.as_view(), name="api-tables-pack-move"),
    path("deck-events/", dv.DeckEventListView.as_view(), name="api-tables-deck-events"),
    path("deck-deliveries/", dv.DeckDeliveryView.as_view(), name="api-tables-deck-delivery"),
    path(
        "deck-receipts/<int:pk>/sign/",
        dv.DeckReceiptSignView.as_view(),
        name="api-tables-deck-receipt-sign",
    ),
    path("deck-alerts/", dv.DeckAlertListView.as_view(), name="api-tables-deck-alerts"),
    path("deck-stores/", dv.DeckStoreListView.as_view(), name="api-tables-deck-stores"),
    path(
        "deck-stores/<int:pk>/reconciliation/",
        dv.DeckReconciliationView.as_view(),
        name="api-tables-deck-reconciliation",
    ),
    path(
        "deck-stores/<int:pk>/final-control/",
        dv.DeckFinalControlView.as_view(),
        name="api-tables-deck-final-control",
    ),
    # sanctions
    path("sanctions/", sa.SanctionListView.as_view(), name="api-tables-sanctions"),
    path(
        "sanctions/proposals/",
        sa.SanctionProposalView.as_view(),
        name="api-tables-sanction-propose",
    ),
    path(
        "sanctions/suggestion/",
        sa.SanctionSuggestionView.as_view(),
        name="api-tables-sanction-suggestion",
    ),
    path("sanctions/conducts/", sa.ConductListView.as_view(), name="api-tables-conducts"),
    path("sanctions/<int:pk>/", sa.SanctionDetailView.as_view(), name="api-tables-sanction"),
    path(
        "sanctions/<int:pk>/lift/", sa.SanctionLiftView.as_view(), name="api-tables-sanction-lift"
    ),
    path(
        "sanctions/<int:pk>/reduce/",
        sa.SanctionReduceView.as_view(),
        name="api-tables-sanction-reduce",
    ),
    path(
        "sanctions/<int:pk>/appeals/",
        sa.SanctionAppealView.as_view(),
        name="api-tables-sanction-appeal",
    ),
    path(
        "sanctions/<int:pk>/decide/",
        sa.SanctionAppealDecideView.as_view(),
        name="api-tables-sanction-appeal-decide",
    ),
    path(
        "players/<int:pk>/sanctions/",
        sa.PlayerSanctionsView.as_view(),
        name="api-tables-player-sanctions",
    ),
    # players and exclusions (issue 17 §1, §2)
    path("players/", pl.PlayerListView.as_view(), name="api-tables-players"),
    path("players/<int:pk>/", pl.PlayerDetailView.as_view(), name="api-tables-player"),
    path(
        "players/<int:pk>/identity/",
        pl.PlayerIdentityView.as_view(),
        name="api-tables-player-identity",
    ),
    path("exclusions/", pl.ExclusionListView.as_view(), name="api-tables-exclusions"),
    path("exclusions/<int:pk>/", pl.ExclusionDetailView.as_view(), name="api-tables-exclusion"),
    path(
        "exclusions/<int:pk>/lift/",
        pl.ExclusionLiftView.as_view(),
        name="api-tables-exclusion-lift",
    ),
    path("exclusion-lists/", pl.ExclusionListsView.as_view(), name="api-tables-exclusion-lists"),
    path(
        "exclusion-lists/<int:pk>/",
        pl.ExclusionListDetailView.as_view(),
        name="api-tables-exclusion-list",
    ),
    path("exclusion-hits/", pl.ExclusionHitListView.as_view(), name="api-tables-exclusion-hits"),
    path("vip-referrals/", pl.VipReferralListView.as_view(), name="api-tables-vip-referrals"),
    # keys
    path("key-handouts/", kv.KeyListView.as_view(), name="api-tables-keys"),
    path("key-handouts/<int:pk>/return/", kv.KeyReturnView.as_view(), name="api-tables-key-return"),
]
