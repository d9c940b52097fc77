from django.urls import path

from . import views

urlpatterns = [
    path("me/", views.MeView.as_view(), name="api-me"),
    path("auth/token/", views.TokenView.as_view(), name="api-token"),
    path("auth/logout/", views.LogoutView.as_view(), name="api-logout"),
    path("auth/tokens/", views.TokenListView.as_view(), name="api-tokens"),
    path("auth/tokens/<int:pk>/", views.TokenRevokeView.as_view(), name="api-token-revoke"),
    path("staff/<int:pk>/pin-unlock/", views.PinUnlockView.as_view(), name="api-staff-pin-unlock"),
    path("audit-events/", views.AuditEventListView.as_view(), name="api-audit-events"),
    path("gaming-days/", views.GamingDayListView.as_view(), name="api-gaming-days"),
    path(
        "gaming-days/<int:pk>/close/",
        views.GamingDayCloseView.as_view(),
        name="api-gaming-day-close",
    ),
]
