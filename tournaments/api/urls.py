from django.urls import path

from . import views

T = "tournaments/<int:pk>/"

urlpatterns = [
    path("tournaments/", views.TournamentListView.as_view(), name="api-tournaments"),
    path(
        "tournaments/structures/",
        views.StructureListView.as_view(),
        name="api-tournament-structures",
    ),
    path(
        "tournaments/structures/<int:pk>/versions/",
        views.StructureVersionsView.as_view(),
        name="api-tournament-structure-versions",
    ),
    path(T, views.TournamentDetailView.as_view(), name="api-tournament"),
    path(T + "entries/", views.EntryListView.as_view(), name="api-tournament-entries"),
    path(
        T + "entries/<int:entry>/purchases/",
        views.PurchaseView.as_view(),
        name="api-tournament-purchases",
    ),
    path(
        T + "entries/<int:entry>/unregister/",
        views.UnregisterView.as_view(),
        name="api-tournament-unregister",
    ),
    path(
        T + "entries/<int:entry>/arrive/",
        views.ArriveView.as_view(),
        name="api-tournament-arrive",
    ),
    path(T + "waiting-list/", views.WaitingListView.as_view(), name="api-tournament-waiting"),
    path(T + "ledger/", views.LedgerView.as_view(), name="api-tournament-ledger"),
    path(T + "draw/", views.DrawView.as_view(), name="api-tournament-draw"),
    path(T + "tables/", views.TablesView.as_view(), name="api-tournament-tables"),
    path(T + "balance/", views.BalanceView.as_view(), name="api-tournament-balance"),
    path(T + "moves/", views.MovesView.as_view(), name="api-tournament-moves"),
    path(
        T + "moves/<int:move>/confirm/",
        views.MoveConfirmView.as_view(),
        name="api-tournament-move-confirm",
    ),
    path(T + "clock/", views.ClockView.as_view(), name="api-tournament-clock"),
    path(
        T + "eliminations/",
        views.EliminationListView.as_view(),
        name="api-tournament-eliminations",
    ),
    path(
        T + "eliminations/<int:elimination>/corrections/",
        views.CorrectionView.as_view(),
        name="api-tournament-corrections",
    ),
    path(T + "hidden-chips/", views.HiddenChipsView.as_view(), name="api-tournament-hidden"),
    path(T + "sanctions/", views.SanctionView.as_view(), name="api-tournament-sanctions"),
    path(T + "chip-races/", views.ChipRaceView.as_view(), name="api-tournament-chip-races"),
    path(
        T + "remove-absentees/",
        views.RemoveAbsenteesView.as_view(),
        name="api-tournament-remove-absentees",
    ),
    path(T + "payouts/", views.PayoutsView.as_view(), name="api-tournament-payouts"),
    path(
        T + "payouts/<int:table>/approve/",
        views.PayoutsApproveView.as_view(),
        name="api-tournament-payouts-approve",
    ),
    path(T + "payouts/slips/", views.PrizeSlipView.as_view(), name="api-tournament-slips"),
    path(T + "deals/", views.DealsView.as_view(), name="api-tournament-deals"),
    path(
        T + "deals/<int:deal>/consents/",
        views.DealConsentView.as_view(),
        name="api-tournament-deal-consents",
    ),
    path(
        T + "deals/<int:deal>/approve/",
        views.DealApproveView.as_view(),
        name="api-tournament-deal-approve",
    ),
    path(T + "results/", views.ResultsView.as_view(), name="api-tournament-results"),
    path(T + "qualifiers/", views.QualifiersView.as_view(), name="api-tournament-qualifiers"),
    path(T + "settlement/", views.SettlementView.as_view(), name="api-tournament-settlement"),
    path(
        T + "settlement/sign/",
        views.SettlementSignView.as_view(),
        name="api-tournament-settlement-sign",
    ),
]
