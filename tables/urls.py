from django.urls import path

from .views import actions, decks, sanctions, sheets, shifts
from .views import tables as tables_pages

app_name = "tables"
urlpatterns = [
    path("", tables_pages.index, name="index"),
    path("<int:pk>/", tables_pages.table_detail, name="table"),
    path("queue/", sheets.queue, name="queue"),
    path("openings/<int:pk>/", sheets.opening, name="opening"),
    path("closings/<int:pk>/", sheets.closing, name="closing"),
    path("decks/", decks.decks, name="decks"),
    path("decks/<int:pk>/", decks.pack_detail, name="pack"),
    path("decks/stores/<int:pk>/", decks.store, name="store"),
    path("sanctions/", sanctions.sanctions, name="sanctions"),
    path("sanctions/<int:pk>/", sanctions.sanction_detail, name="sanction"),
    path("sessions/<int:pk>/shift-change/", shifts.shift_change, name="shift-change"),
    path("act/<str:name>/<int:pk>/", actions.act, name="act"),
]
