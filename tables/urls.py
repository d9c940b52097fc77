from django.urls import path

from . import views

app_name = "tables"
urlpatterns = [
    path("", views.index, name="index"),
    path("<int:pk>/", views.table_detail, name="table"),
    path("queue/", views.queue, name="queue"),
    path("openings/<int:pk>/", views.opening, name="opening"),
    path("closings/<int:pk>/", views.closing, name="closing"),
    path("decks/", views.decks, name="decks"),
    path("decks/<int:pk>/", views.pack_detail, name="pack"),
    path("decks/stores/<int:pk>/", views.store, name="store"),
    path("sanctions/", views.sanctions, name="sanctions"),
    path("sanctions/<int:pk>/", views.sanction_detail, name="sanction"),
    path("sessions/<int:pk>/shift-change/", views.shift_change, name="shift-change"),
    path("act/<str:name>/<int:pk>/", views.act, name="act"),
]
