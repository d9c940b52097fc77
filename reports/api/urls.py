from django.urls import path

from . import views

urlpatterns = [
    path("reports/kinds/", views.ReportKindListView.as_view(), name="api-reports-kinds"),
    path("reports/", views.ReportListView.as_view(), name="api-reports"),
    path("reports/<int:pk>/", views.ReportDetailView.as_view(), name="api-reports-detail"),
    path(
        "reports/<int:pk>/download/",
        views.ReportDownloadView.as_view(),
        name="api-reports-download",
    ),
    path(
        "reports/<int:pk>/reprint/", views.ReportReprintView.as_view(), name="api-reports-reprint"
    ),
    path(
        "reports/<int:pk>/signatures/",
        views.ReportSignaturesView.as_view(),
        name="api-reports-signatures",
    ),
    path(
        "reports/<int:pk>/signed-copy/",
        views.ReportSignedCopyView.as_view(),
        name="api-reports-signed-copy",
    ),
]
