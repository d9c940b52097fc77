from django.urls import path

from .views import (
    clock,
    deals,
    eliminations,
    entries,
    payouts,
    results,
    seats,
    structures,
    tournaments,
)

T = "tournaments/<int:pk>/"

urlpatterns = [
    path("tournaments/", tournaments.TournamentListView.as_view(), name="api-tournaments"),
    path(
        "tournaments/structures/",
        structures.StructureListView.as_view(),
        name="api-tournament-structures",
    ),
    path(
        "tournaments/structures/<int:pk>/versions/",
        structures.StructureVersionsView.as_view(),
        name="api-tournament-structure-versions",
    ),
    path(T, tournaments.TournamentDetailView.as_view(), name="api-tournament"),
    path(T + "entries/", entries.EntryListView.as_view(), name="api-tournament-entries"),
    path(
        T + "entries/<int:entry>/purchases/",
        entries.PurchaseView.as_view(),
        name="api-tournament-purchases",
    ),
    path(
        T + "entries/<int:entry>/unregister/",
        entries.UnregisterView.as_view(),
        name="api-tournament-unregister",
    ),
    path(
        T + "entries/<int:entry>/arrive/",
        entries.ArriveView.as_view(),
        name="api-tournament-arrive",
    ),
    path(T + "waiting-list/", entries.WaitingListView.as_view(), name="api-tournament-waiting"),
    path(T + "ledger/", entries.LedgerView.as_view(), name="api-tournament-ledger"),
    path(T + "draw/", seats.DrawView.as_view(), name="api-tournament-draw"),
    path(T + "tables/", seats.TablesView.as_view(), name="api-tournament-tables"),
    path(T + "balance/", seats.BalanceView.as_view(), name="api-tournament-balance"),
    path(T + "moves/", seats.MovesView.as_view(), name="api-tournament-moves"),
    path(
        T + "moves/<int:move>/confirm/",
        seats.MoveConfirmView.as_view(),
        name="api-tournament-move-confirm",
    ),
    path(T + "clock/", clock.ClockView.as_view(), name="api-tournament-clock"),
    path(
        T + "eliminations/",
        eliminations.EliminationListView.as_view(),
        name="api-tournament-eliminations",
    ),
    path(
        T + "eliminations/<int:elimination>/corrections/",
        eliminations.CorrectionView.as_view(),
        name="api-tournament-corrections",
    ),
    path(T + "hidden-chips/", eliminations.HiddenChipsView.as_view(), name="api-tournament-hidden"),
    path(T + "sanctions/", eliminations.SanctionView.as_view(), name="api-tournament-sanctions"),
    path(T + "chip-races/", eliminations.ChipRaceView.as_view(), name="api-tournament-chip-races"),
    path(
        T + "remove-absentees/",
        eliminations.RemoveAbsenteesView.as_view(),
        name="api-tournament-remove-absentees",
    ),
    path(T + "payouts/", payouts.PayoutsView.as_view(), name="api-tournament-payouts"),
    path(
        T + "payouts/<int:table>/approve/",
        payouts.PayoutsApproveView.as_view(),
        name="api-tournament-payouts-approve",
    ),
    path(T + "payouts/slips/", payouts.PrizeSlipView.as_view(), name="api-tournament-slips"),
    path(T + "deals/", deals.DealsView.as_view(), name="api-tournament-deals"),
    path(
        T + "deals/<int:deal>/consents/",
        deals.DealConsentView.as_view(),
        name="api-tournament-deal-consents",
    ),
    path(
        T + "deals/<int:deal>/approve/",
        deals.DealApproveView.as_view(),
        name="api-tournament-deal-approve",
    ),
    path(T + "results/", results.ResultsView.as_view(), name="api-tournament-results"),
    path(T + "qualifiers/", results.QualifiersView.as_view(), name="api-tournament-qualifiers"),
    path(T + "settlement/", results.SettlementView.as_view(), name="api-tournament-settlement"),
    path(
        T + "settlement/sign/",
        results.SettlementSignView.as_view(),
        name="api-tournament-settlement-sign",
    ),
]
