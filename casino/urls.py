from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from drf_spectacular.utils import extend_schema
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView
from rest_framework.request import Request
from rest_framework.response import Response

from casino import views
from casino.api.views import HealthView

handler404 = "casino.views.not_found"


class HealthWithSlashView(HealthView):
    """``/health/``: the same answer as ``/health`` (issue 40), left out of the API schema
    (the schema documents ``/health`` once)."""

    @extend_schema(exclude=True)
    def get(self, request: Request) -> Response:
        return super().get(request)


handler500 = "casino.views.server_error"

urlpatterns = [
    path("", include("floor.home")),  # the home page is a floor page (issue 13 §1)
    path("health", HealthView.as_view(), name="health"),
    # The same answer with the slash, as a probe or a person may type it (issue 40); one
    # entry in the API schema.
    path("health/", HealthWithSlashView.as_view(), name="health-slash"),
    path("i18n/", include("django.conf.urls.i18n")),
    path(
        "login/",
        auth_views.LoginView.as_view(
            template_name="casino/login.html", redirect_authenticated_user=True
        ),
        name="login",
    ),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("role/", views.switch_role, name="switch-role"),
    path("admin/", admin.site.urls),
    # API
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    # Django tries the patterns in order: the writes of every table's day (the cage's
    # buy-ins and changes, the hands) before the tables' 69 routes (issue 43). The apps'
    # first path segments are disjoint, so the order changes no answer
    # (tests/casino/test_url_order.py).
    path("api/", include("casino.api.urls")),
    path("api/", include("cage.api.urls")),
    path("api/", include("hands.api.urls")),
    path("api/", include("tables.api.urls")),
    path("api/", include("tournaments.api.urls")),
    path("api/", include("rota.api.urls")),
    path("api/", include("reports.api.urls")),
    path("api/", include("promotions.api.urls")),
    # Pages
    path("tables/", include("tables.urls")),
    path("cage/", include("cage.urls")),
    path("hands/", include("hands.urls")),
    path("tournaments/", include("tournaments.urls")),
    path("rota/", include("rota.urls")),
    path("reports/", include("reports.urls")),
    path("promotions/", include("promotions.urls")),
    path("floor/", include("floor.urls")),
]
