from django.urls import path

from . import views

urlpatterns = [
    path("rotations/", views.RotationsView.as_view(), name="api-rotations"),
    path("rotations/<int:pk>/", views.RotationDetailView.as_view(), name="api-rotation"),
    path(
        "rotations/<int:pk>/replan/",
        views.RotationReplanView.as_view(),
        name="api-rotation-replan",
    ),
    path(
        "rotations/<int:pk>/planned-vs-actual/",
        views.RotationActualView.as_view(),
        name="api-rotation-actual",
    ),
]
