"""The card pages, under /cartes/. A card's number is letters or digits, a dash, then digits
("LUX-000123456789"): no other segment here (clients/, emettre/, nor the caisse pages) can be taken for one."""

from django.urls import include, path, re_path

from . import views as views_cards

NUMBER = r"(?P<number>[A-Z0-9][A-Z0-9-]*-[0-9]{6,})"

urlpatterns = [
    path("caisse/", include("registers.cards.caisse.urls")),
    path("", views_cards.cards_home, name="cards-home"),
    path("emettre/", views_cards.card_issue_page, name="cards-issue"),
    path("clients/", views_cards.client_list, name="cards-clients"),
    path("clients/<int:pk>/", views_cards.client_detail, name="cards-client"),
    re_path(rf"^{NUMBER}/$", views_cards.card_detail, name="cards-card"),
    re_path(rf"^{NUMBER}/recto\.pdf$", views_cards.card_face_pdf, name="cards-face"),
]
