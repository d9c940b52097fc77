from django.urls import path

from . import views

urlpatterns = [
    path("me/", views.MeView.as_view(), name="api-me"),
    path("auth/token/", views.TokenView.as_view(), name="api-token"),
    path("audit-events/", views.AuditEventListView.as_view(), name="api-audit-events"),
    path("gaming-days/", views.GamingDayListView.as_view(), name="api-gaming-days"),
    path(
        "gaming-days/<int:pk>/close/",
        views.GamingDayCloseView.as_view(),
        name="api-gaming-day-close",
    ),
]
