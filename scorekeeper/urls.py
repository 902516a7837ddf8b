"""URL routes: a flat list of named paths."""

from django.urls import path

from scorekeeper import views

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("language", views.set_language, name="set_language"),
]
