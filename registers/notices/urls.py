from django.urls import path

from . import views

# under /affichages/: the casino's notices, posted and withdrawn by its management
urlpatterns = [
    path("", views.notices_home, name="notices-home"),
    path("<slug:casino>/", views.notices_page, name="notices"),
]

# under /public/: each casino's public site, for anyone (the notices displayed on a day)
public_urlpatterns = [
    path("<slug:casino>/", views.notices_public, name="notices-public"),
    path("<slug:casino>/affiches/<int:posting>.pdf", views.notices_public_poster, name="notices-public-poster"),
]
