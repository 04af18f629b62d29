from django.conf import settings
from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from django.views.decorators.csp import csp_override
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from compliance import calendar_views, notification_views, views
from compliance.api.errors import not_found
from compliance.reports import urls as reports_urls
from compliance.search_views import search
from compliance.second_factor import views as second_factor_views
from registers.notices import urls as notices_urls

# Swagger UI styles itself inline; the relaxation applies to the docs page only.
DOCS_CSP = {**settings.SECURE_CSP, "style-src": [*settings.SECURE_CSP["style-src"], "'unsafe-inline'"]}

urlpatterns = [
    path("", views.home, name="home"),
    path("connexion/", auth_views.LoginView.as_view(redirect_authenticated_user=True), name="login"),
    # the second factor after the password (compliance/second_factor), and a person's recovery codes
    path("connexion/second-facteur/", second_factor_views.SecondFactorView.as_view(), name="second-factor"),
    path("connexion/second-facteur/activation/", second_factor_views.EnrolmentView.as_view(),
         name="second-factor-enrol"),
    path("compte/codes-de-secours/", second_factor_views.RecoveryCodesView.as_view(), name="recovery-codes"),
    path("deconnexion/", auth_views.LogoutView.as_view(), name="logout"),
    path("tableau-de-bord/", views.DashboardView.as_view(), name="dashboard"),
    path("mon-casino/", views.MyCasinoView.as_view(), name="casino-mine"),
    path("casinos/", views.CasinoListView.as_view(), name="casino-list"),
    path("casinos/<slug:code>/", views.CasinoDetailView.as_view(), name="casino-detail"),
    path("traitements/", views.JobListView.as_view(), name="job-list"),
    path("traitements/<uuid:pk>/", views.JobDetailView.as_view(), name="job-detail"),
    path("traitements/<uuid:pk>/relancer/", views.JobRetryView.as_view(), name="job-retry"),
    # the deadlines by month and week, and their iCalendar feed at a private address (the token is the credential)
    path("echeances/", calendar_views.DeadlinesView.as_view(), name="deadlines"),
    path("echeances/adresse/", calendar_views.FeedIssueView.as_view(), name="deadlines-feed-issue"),
    path("echeances/adresse/revoquer/", calendar_views.FeedRevokeView.as_view(), name="deadlines-feed-revoke"),
    path("echeances/<slug:token>.ics", calendar_views.deadlines_feed, name="deadlines-feed"),
    path("notifications/", notification_views.NotificationsView.as_view(), name="notifications"),
    # the local mail server's mails (./scripts/run), where settings.LOCAL_MAILBOX_DIR names them
    path("courrier/", notification_views.MailboxView.as_view(), name="mailbox"),
    path("courrier/<str:key>/", notification_views.MailView.as_view(), name="mailbox-mail"),
    path("courrier/<str:key>/html/", notification_views.mail_html, name="mailbox-mail-html"),
    path("regles/", include("games.urls")),
    path("registres/", include("registers.urls")),
    path("cartes/", include("registers.cards.urls")),
    path("tables/", include("registers.tables.urls")),
    path("poker/", include("registers.poker_room.urls")),
    path("tournois/", include("registers.tournaments.urls")),
    path("prelevements/", include("registers.prelevements.urls")),
    path("keno/", include("registers.keno.urls")),
    path("affichages/", include("registers.notices.urls")),  # the notices the texts require (registers/notices)
    path("public/", include(notices_urls.public_urlpatterns)),  # each casino's public site, no sign-in
    path("direction/", include("registers.direction.urls")),  # the director's presence (registers/direction)
    path("health/", views.health, name="health"),
    path("recherche/", search, name="search"),  # the header's search box
    path("pki/", include(reports_urls.pki_urlpatterns)),  # the root and the CRL, for anyone checking a report
    path("rapports/", include(reports_urls)),
    path("certificats/", include(reports_urls.certificate_urlpatterns)),
    path("rapprochements/", include("compliance.reconciliation.urls")),
    path("approbations/", include("compliance.approvals.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("api/v1/", include("compliance.api.urls")),
    path("api/v1/rules/", include("games.api.urls")),
    path("api/v1/registers/", include("registers.api_urls")),
    path("api/v1/slots/", include("registers.cards.slot_system.urls")),
    path("api/v1/approvals/", include("compliance.approvals.api_urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", csp_override(DOCS_CSP)(SpectacularSwaggerSplitView.as_view(url_name="api-schema")),
         name="api-docs"),
    path("admin/", admin.site.urls),
]

handler404 = not_found  # under /api/, the API's error body (compliance/api/errors.py)
