from django.urls import path

from . import views

app_name = "floor"
urlpatterns = [
    path("tables/", views.tables, name="tables"),
    path("tables/live/", views.tables_fragment, name="tables-live"),
    path("tables/<int:pk>/", views.table_screen, name="table"),
    path("sessions/<int:pk>/buyin/", views.buyin, name="buyin"),
    path("sessions/<int:pk>/change/", views.change, name="change"),
    path("sessions/<int:pk>/proposal/", views.proposal, name="proposal"),
    path("sessions/<int:pk>/phh/", views.phh, name="phh"),
    path("sessions/<int:pk>/waiting/", views.waiting, name="waiting"),
    path("sessions/<int:pk>/vip-referral/", views.vip_referral, name="vip-referral"),
    path("queue/", views.queue, name="queue"),
    path("queue/live/", views.queue_fragment, name="queue-live"),
    path("queue/<str:kind>/<int:pk>/", views.queue_act, name="queue-act"),
    path("day/", views.day, name="day"),
    path("audit/", views.audit, name="audit"),
    path("refused/", views.refused_attempts, name="refused-attempts"),
]
