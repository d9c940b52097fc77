from django.urls import path

from . import incidents, views

urlpatterns = [
    path("incidents/", incidents.IncidentListView.as_view(), name="api-incident-list"),
    path("incidents/<int:pk>/", incidents.IncidentDetailView.as_view(), name="api-incident-detail"),
    path(
        "incidents/<int:pk>/escalate/",
        incidents.IncidentEscalateView.as_view(),
        name="api-incident-escalate",
    ),
    path(
        "incidents/<int:pk>/decide/",
        incidents.IncidentDecideView.as_view(),
        name="api-incident-decide",
    ),
    path(
        "incidents/<int:pk>/close/",
        incidents.IncidentCloseView.as_view(),
        name="api-incident-close",
    ),
    path("hands/", views.HandListView.as_view(), name="api-hands-list"),
    path("hands/<int:pk>/", views.HandDetailView.as_view(), name="api-hands-detail"),
    path("hands/<int:pk>/replay/", views.HandReplayView.as_view(), name="api-hands-replay"),
    path("hands/<int:pk>/corrections/", views.HandCorrectView.as_view(), name="api-hands-correct"),
    path("hands/<int:pk>/override/", views.HandOverrideView.as_view(), name="api-hands-override"),
    path("hands/<int:pk>/review/", views.HandReviewView.as_view(), name="api-hands-review"),
    path("hands/live/", views.LiveHandStartView.as_view(), name="api-hands-live-start"),
    path("hands/live/<int:pk>/", views.LiveHandView.as_view(), name="api-hands-live"),
    path(
        "hands/live/<int:pk>/actions/",
        views.LiveHandActionView.as_view(),
        name="api-hands-live-act",
    ),
    path("hands/live/<int:pk>/undo/", views.LiveHandUndoView.as_view(), name="api-hands-live-undo"),
    path(
        "hands/live/<int:pk>/finish/",
        views.LiveHandFinishView.as_view(),
        name="api-hands-live-finish",
    ),
    path(
        "hands/live/<int:pk>/abandon/",
        views.LiveHandAbandonView.as_view(),
        name="api-hands-live-abandon",
    ),
    path(
        "hands/sessions/<int:pk>/export.phhs",
        views.SessionExportView.as_view(),
        name="api-hands-export",
    ),
    path(
        "hands/sessions/<int:pk>/imports/",
        views.ImportCreateView.as_view(),
        name="api-hands-import",
    ),
    path("hands/imports/<int:pk>/", views.ImportDetailView.as_view(), name="api-hands-import-job"),
    path(
        "hands/revalidations/",
        views.RevalidationCreateView.as_view(),
        name="api-hands-revalidate",
    ),
    path(
        "hands/revalidations/<int:pk>/",
        views.RevalidationDetailView.as_view(),
        name="api-hands-revalidation",
    ),
    path("hands/sessions/<int:pk>/seats/", views.SeatPlanView.as_view(), name="api-hands-seats"),
    path(
        "hands/sessions/<int:pk>/seats/<int:seat>/status/",
        views.SeatStatusView.as_view(),
        name="api-hands-seat-status",
    ),
    path(
        "hands/sessions/<int:pk>/button-draw/",
        views.ButtonDrawView.as_view(),
        name="api-hands-button-draw",
    ),
    path(
        "hands/tables/<int:pk>/waiting-list/",
        views.WaitingListView.as_view(),
        name="api-hands-waiting-list",
    ),
    path(
        "hands/waiting-list/<int:pk>/seat/",
        views.WaitingSeatView.as_view(),
        name="api-hands-waiting-seat",
    ),
    path(
        "hands/waiting-list/<int:pk>/cancel/",
        views.WaitingCancelView.as_view(),
        name="api-hands-waiting-cancel",
    ),
]
