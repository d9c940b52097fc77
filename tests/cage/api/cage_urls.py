"""Only the cage API (with the kernel's), to check its schema on its own."""

from django.urls import include, path

urlpatterns = [
    path("api/", include("casino.api.urls")),
    path("api/", include("cage.api.urls")),
]
