from django.urls import path

from . import views

app_name = "cage"
urlpatterns = [
    path("", views.index, name="index"),
    path("sessions/<int:pk>/", views.session_card, name="session"),
    path("sessions/<int:pk>/buyin/", views.buyin, name="buyin"),
    path("sessions/<int:pk>/change/", views.change, name="change"),
    path("sessions/<int:pk>/departure/", views.departure, name="departure"),
    path("transactions/<int:pk>/reverse/", views.reverse_transaction, name="reverse"),
    path("slips/", views.slips, name="slips"),
    path("slips/request/", views.slip_request, name="slip-request"),
    path("slips/<int:pk>/sign/", views.slip_sign, name="slip-sign"),
    path("slips/<int:pk>/void/", views.slip_void, name="slip-void"),
    path("voids/<int:pk>/confirm/", views.void_confirm, name="void-confirm"),
    path("sessions/<int:pk>/drop/", views.drop, name="drop"),
    path("sessions/<int:pk>/reconciliation/", views.reconciliation, name="reconciliation"),
    path("sessions/<int:pk>/explain/", views.explain, name="explain"),
    path("days/", views.day, name="day-latest"),
    path("days/<int:pk>/", views.day, name="day"),
    path("alerts/", views.alerts, name="alerts"),
]
