from django.urls import path

from . import signing_views, views

app_name = "reports"
urlpatterns = [
    path("", views.report_list, name="list"),
    path("new/", views.report_create, name="create"),
    path("<int:pk>/status/", views.report_status, name="status"),
    path("<int:pk>/download/", views.report_download, name="download"),
    # Signing the closing reports and their signed copies (CLOSE-11; reports/signing.py).
    path("<int:pk>/", signing_views.report_detail, name="detail"),
    path("<int:pk>/sign/", signing_views.report_sign, name="sign"),
    path("<int:pk>/signed-copy/", signing_views.report_signed_copy, name="signed-copy"),
]
