from django.urls import path

from . import views

app_name = "rota"

urlpatterns = [
    path("", views.index, name="index"),
    path("plan/", views.plan, name="plan"),
    path("<int:pk>/", views.detail, name="detail"),
    path("<int:pk>/replan/", views.replan, name="replan"),
]
