from django.urls import path

from . import views

urlpatterns = [
    path(
        "cage/sessions/<int:pk>/table-card/",
        views.TableCardView.as_view(),
        name="api-cage-table-card",
    ),
    path("cage/sessions/<int:pk>/buyins/", views.BuyinView.as_view(), name="api-cage-buyins"),
    path(
        "cage/sessions/<int:pk>/colour-changes/",
        views.ColourChangeView.as_view(),
        name="api-cage-colour-changes",
    ),
    path(
        "cage/sessions/<int:pk>/cash-outs/", views.CashOutView.as_view(), name="api-cage-cash-outs"
    ),
    path(
        "cage/sessions/<int:pk>/tip-changes/",
        views.TipChangeView.as_view(),
        name="api-cage-tip-changes",
    ),
    path(
        "cage/sessions/<int:pk>/in-hand-changes/",
        views.InHandChangeView.as_view(),
        name="api-cage-in-hand-changes",
    ),
    path(
        "cage/sessions/<int:pk>/departures/",
        views.DepartureView.as_view(),
        name="api-cage-departures",
    ),
    path(
        "cage/transactions/<int:pk>/reverse/", views.ReverseView.as_view(), name="api-cage-reverse"
    ),
    path(
        "cage/sessions/<int:pk>/slips/",
        views.SlipRequestView.as_view(),
        name="api-cage-slip-request",
    ),
    path("cage/slips/", views.SlipListView.as_view(), name="api-cage-slips"),
    path("cage/slips/<int:pk>/", views.SlipDetailView.as_view(), name="api-cage-slip"),
    path("cage/slips/<int:pk>/sign/", views.SlipSignView.as_view(), name="api-cage-slip-sign"),
    path("cage/slips/<int:pk>/void/", views.SlipVoidView.as_view(), name="api-cage-slip-void"),
    path(
        "cage/slip-voids/<int:pk>/confirm/",
        views.SlipVoidConfirmView.as_view(),
        name="api-cage-void-confirm",
    ),
    path(
        "cage/sessions/<int:pk>/drop-counts/",
        views.DropCountView.as_view(),
        name="api-cage-drop-counts",
    ),
    path(
        "cage/sessions/<int:pk>/reconciliation/",
        views.SessionReconciliationView.as_view(),
        name="api-cage-session-reconciliation",
    ),
    path(
        "cage/sessions/<int:pk>/explanations/",
        views.ExplanationView.as_view(),
        name="api-cage-explanations",
    ),
    path(
        "cage/sessions/<int:pk>/par-restoration/",
        views.ParRestorationView.as_view(),
        name="api-cage-par-restoration",
    ),
    path(
        "cage/gaming-days/<int:pk>/reconciliation/",
        views.DayReconciliationView.as_view(),
        name="api-cage-day-reconciliation",
    ),
    path("cage/cash-alerts/", views.CashAlertListView.as_view(), name="api-cage-cash-alerts"),
    path("cage/policy/", views.CagePolicyView.as_view(), name="api-cage-policy"),
]
