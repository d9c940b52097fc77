from django.urls import path

from . import views

app_name = "promotions"

urlpatterns = [
    path("", views.index, name="index"),
    path("funds/<int:pk>/", views.fund, name="fund"),
    path("funds/<int:pk>/ledger/", views.ledger, name="ledger"),
    path("funds/<int:pk>/count/", views.box_count, name="box-count"),
    path("funds/<int:pk>/period/claim/", views.period_claim, name="period-claim"),
    path("hands/<int:pk>/", views.hand, name="hand"),
    path("hands/<int:pk>/claim/", views.claim_file, name="claim-file"),
    path("claims/<int:pk>/", views.claim, name="claim"),
    path("claims/<int:pk>/sign/", views.claim_sign, name="claim-sign"),
    path("slips/<int:pk>/pay/", views.slip_pay, name="slip-pay"),
]
