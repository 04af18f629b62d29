"""The registers' pages under /registres/: each register kind's page is its family's; the countersignature and
an entry's page go to the family that shows that register."""

from django.urls import path, re_path

from . import register_page
from .admissions import views as admissions
from .appareils import views as appareils
from .archive import views as archive
from .arretes import views as arretes
from .decks import views as decks
from .house_lists import views as house_lists
from .kinds import RegisterKind
from .orphelins import views as orphelins
from .poker import house_rules_pages as house_rules
from .poker import views as poker

PAGES = {
    RegisterKind.ORPHELINS: orphelins.orphelins,
    RegisterKind.JACKPOTS: appareils.jackpots_page,
    RegisterKind.APPAREILS: appareils.appareils_page,
    RegisterKind.CAGNOTTE: poker.poker_page,
    RegisterKind.JACKPOT_PROGRESSIF: poker.poker_page,
    RegisterKind.BAD_BEAT: poker.poker_page,
}
CASINO = r"(?P<casino>[-a-zA-Z0-9_]+)"


def _kinds(*kinds: str) -> str:
    return "|".join(kinds)


def countersign(request, casino, kind, pk):
    return register_page.countersign(request, casino, kind, pk,
                                     page=PAGES.get(kind, register_page.register_detail))


def entry_detail(request, casino, kind, seq):
    view = orphelins.entry_detail if kind == RegisterKind.ORPHELINS else register_page.entry_detail
    return view(request, casino, kind, seq)


urlpatterns = [
    path("", register_page.register_list, name="registers-list"),
    path("<slug:casino>/orphelins/", orphelins.orphelins, name="registers-orphelins"),
    path("listes/", house_lists.lists_home, name="house-lists-home"),
    path("<slug:casino>/listes/", house_lists.lists_page, name="house-lists"),
    path("admissions/", admissions.admissions_home, name="admissions-home"),
    path("<slug:casino>/admissions/", admissions.admissions_page, name="admissions"),
    path("arretes/", arretes.arretes_home, name="arretes-home"),
    path("<slug:casino>/arretes/", arretes.arretes_page, name="arretes"),
    path("cartes-a-jouer/", decks.decks_home, name="decks-home"),
    path("<slug:casino>/cartes-a-jouer/", decks.decks_page, name="decks"),
    path("reglement-interieur/", house_rules.house_rules_home, name="house-rules-home"),
    path("<slug:casino>/reglement-interieur/", house_rules.house_rules_page, name="house-rules"),
    re_path(rf"^{CASINO}/(?P<kind>{_kinds(RegisterKind.JACKPOTS)})/$", appareils.jackpots_page,
            name="registers-other"),
    re_path(rf"^{CASINO}/(?P<kind>{_kinds(RegisterKind.APPAREILS)})/$", appareils.appareils_page,
            name="registers-other"),
    re_path(rf"^{CASINO}/(?P<kind>{_kinds(*poker.FAMILIES)})/$", poker.poker_page, name="registers-other"),
    path("<slug:casino>/<slug:kind>/", register_page.register_detail, name="registers-register"),
    path("<slug:casino>/<slug:kind>/archives/<int:year>/", archive.archive_year, name="registers-archive"),
    path("<slug:casino>/<slug:kind>/archives/<int:year>/<int:seq>/", archive.archive_entry,
         name="registers-archive-entry"),
    path("<slug:casino>/<slug:kind>/verifier/", register_page.register_verify_page, name="registers-verify"),
    path("<slug:casino>/<slug:kind>/contresignature/<int:pk>/", countersign, name="registers-countersign"),
    path("<slug:casino>/<slug:kind>/<int:seq>/", entry_detail, name="registers-entry"),
]
