from django.urls import path

from . import views

app_name = "hands"
urlpatterns = [
    path("", views.hand_list, name="list"),
    path("<int:pk>/", views.hand_detail, name="detail"),
    path("<int:pk>/replay/", views.hand_replay, name="replay"),
    path("<int:pk>/resolve/", views.hand_resolve, name="resolve"),
    path("<int:pk>/correct/", views.hand_correct_open, name="correct"),
    path("sessions/<int:pk>/", views.session_page, name="session"),
    path("sessions/<int:pk>/export.phhs", views.session_export, name="export"),
    path("sessions/<int:pk>/live/", views.live_start, name="live_start"),
    path("live/<int:pk>/", views.live_hand, name="live"),
    path("imports/<int:pk>/", views.import_page, name="import"),
    path("revalidations/", views.revalidation_page, name="revalidate"),
    path("revalidations/<int:pk>/", views.revalidation_page, name="revalidation"),
]
