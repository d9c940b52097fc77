from django.urls import path

from . import views

urlpatterns = [
    path("jackpots/", views.FundListView.as_view(), name="api-jackpots"),
    path("jackpots/<int:pk>/", views.FundDetailView.as_view(), name="api-jackpot"),
    path("jackpots/<int:pk>/ledger/", views.FundLedgerView.as_view(), name="api-jackpot-ledger"),
    path("jackpots/<int:pk>/box-counts/", views.BoxCountView.as_view(), name="api-jackpot-count"),
    path("jackpots/<int:pk>/claims/", views.ClaimFileView.as_view(), name="api-jackpot-claims"),
    path(
        "jackpots/<int:pk>/high-hand/",
        views.HighHandPeriodView.as_view(),
        name="api-jackpot-period",
    ),
    path(
        "jackpots/<int:pk>/high-hand/claims/",
        views.HighHandClaimFileView.as_view(),
        name="api-jackpot-period-claims",
    ),
    path("jackpots/hands/<int:pk>/", views.HandJudgementView.as_view(), name="api-jackpot-hand"),
    path("jackpots/claims/<int:pk>/", views.ClaimDetailView.as_view(), name="api-jackpot-claim"),
    path(
        "jackpots/claims/<int:pk>/sign/",
        views.ClaimSignView.as_view(),
        name="api-jackpot-claim-sign",
    ),
    path("jackpots/slips/<int:pk>/pay/", views.SlipPayView.as_view(), name="api-jackpot-slip-pay"),
]
