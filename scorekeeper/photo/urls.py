"""The photo count's addresses, included at the root."""

from django.urls import path

from scorekeeper.photo import views

urlpatterns = [
    path("photo/count", views.count_photo, name="photo_count"),
    path("photo/confirm", views.confirm_count, name="photo_confirm"),
]
