from django.urls import path

from . import views

app_name = "reports"
urlpatterns = [
    path("", views.report_list, name="list"),
    path("new/", views.report_create, name="create"),
    path("<int:pk>/status/", views.report_status, name="status"),
    path("<int:pk>/download/", views.report_download, name="download"),
]
