from django.urls import path

from . import certificate_views, views

# under /pki/: what anyone checking a report needs
pki_urlpatterns = [
    path("racine.pem", views.root_certificate, name="reports-root"),
    path("crl/", views.crl, name="reports-crl"),
    # a root after the first (the key ceremony's rotation): its certificate and its CRL under its name
    path("racine/<slug:name>.pem", views.root_certificate, name="reports-root-of"),
    path("crl/<slug:name>/", views.crl, name="reports-crl-of"),
]

# under /rapports/
urlpatterns = [
    path("", views.report_list, name="reports-list"),
    path("demander/", views.report_new, name="reports-new"),
    path("verifier/", views.report_verify, name="reports-verify"),
    path("<int:pk>/etat/", views.report_progress, name="reports-progress"),
    path("<int:pk>/pdf/", views.report_download, name="reports-download"),
]

# under /certificats/: the platform administrator's signing certificates, a revocation confirmed before it is recorded
certificate_urlpatterns = [
    path("", certificate_views.certificate_list, name="reports-certificates"),
    path("<int:pk>/revoquer/", certificate_views.certificate_revoke, name="reports-certificate-revoke"),
]
