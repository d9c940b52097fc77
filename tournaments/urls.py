from django.urls import path

from . import views

app_name = "tournaments"
urlpatterns = [
    path("", views.index, name="index"),
    path("new/<slug:what>/", views.create, name="create"),
    path("<int:pk>/", views.detail, name="detail"),
    path("<int:pk>/tables/", views.tables, name="tables"),
    path("<int:pk>/tables/live/", views.tables_live, name="tables-live"),
    path("<int:pk>/moves/", views.moves, name="moves"),
    path("<int:pk>/busts/", views.busts, name="busts"),
    path("<int:pk>/clock/", views.clock, name="clock"),
    path("<int:pk>/tv/", views.tv, name="tv"),
    path("<int:pk>/tv/live/", views.tv_live, name="tv-live"),
    path("<int:pk>/act/<slug:what>/", views.act, name="act"),
]
