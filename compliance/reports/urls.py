from django.urls import path

from . import views

urlpatterns = [
    path("racine.pem", views.root_certificate, name="reports-root"),
    path("crl/", views.crl, name="reports-crl"),
]
