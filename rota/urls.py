from django.urls import path

from . import views

app_name = "rota"

urlpatterns = [
    path("", views.index, name="index"),
    path("plan/", views.plan, name="plan"),
    path("<int:pk>/", views.detail, name="detail"),
    path("<int:pk>/replan/", views.replan, name="replan"),
    path("croupiers/", views.croupiers, name="croupiers"),
    path("croupiers/<int:pk>/games/", views.croupier_games, name="croupier-games"),
]
