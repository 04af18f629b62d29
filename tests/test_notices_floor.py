"""The notices of the games on a Québec floor, composed from the rule data and the casino's registers, each a signed
poster and on the casino's public site with its PDF to download (QC RJC art. 120: the wheel's prizes; art. 21.2: the
progressive lot's board; art. 125: the tournaments' rules), shown with Lac-Bleu's demo."""

import datetime
import shutil
import subprocess

import pytest
from django.urls import reverse

from compliance.models import Casino
from registers.models import NoticeEvent
from registers.notices import selectors
from tests.test_browser import shots  # noqa: F401 (fixture)

pytestmark = pytest.mark.django_db


def _lac_bleu():
    return Casino.objects.select_related("jurisdiction").get(code="lac-bleu")


def _shown(casino, kind, day=None):
    return next(posting for posting in selectors.displayed(casino, day or casino.today()) if posting.kind == kind)


def _lines(posting) -> list[str]:
    return [line for section in posting.content["sections"] for line in section["lines"]]


def test_qc_120_the_wheel_s_prizes_and_how_they_are_awarded_are_posted_at_its_table(demo, rules):
    """Art. 120: « Le mode d'attribution des lots ainsi que les lots à gagner doivent être accessibles au public à
    chaque table de roue de fortune. » Each prize of the configuration the casino published, with its parts of the
    wheel and its odds, cited to the article."""
    casino = _lac_bleu()
    posting = _shown(casino, "roue")
    assert posting.content["citation"] == "QC RJC art. 120"
    assert posting.place == "Table de roue de fortune"
    lines = _lines(posting)
    assert "1 $ : 24 parties de la roue sur 54, payé 1 à 1" in lines, lines
    assert "Joker : 1 partie de la roue sur 54, payé 45 à 1" in lines, lines  # the latest publication's
    assert all(section["citation"] == "QC RJC art. 120" for section in posting.content["sections"])


def test_qc_21_2_the_progressive_bet_s_notice_names_its_board_its_prizes_and_the_casino_s_start_value(demo, rules):
    """Art. 21.2: « Un panneau d'affichage indiquant de façon continue le montant du lot progressif doit être placé de
    façon à être visible de chaque table qui offre cette mise » ; « As-2-3-4-5, même couleur, premières 5 cartes
    100 % du lot progressif ». The board's line and the pay table cite the article; the lot's start value is the
    casino's, shown as such."""
    casino = _lac_bleu()
    posting = _shown(casino, "lot_progressif")
    board, prizes, start = posting.content["sections"]
    assert board["citation"] == posting.content["citation"] and "21.2" in board["citation"]
    assert "de façon continue" in board["lines"][0]
    assert "21.2" in prizes["citation"] and "BJ-01" in prizes["title"]
    assert any(line.startswith("Mise progressive : 1,00") for line in prizes["lines"]), prizes
    assert any("100 % du lot progressif" in line for line in prizes["lines"]), prizes
    assert start["own"] and start["citation"] == "Texte du casino, écrit par sa direction"


def test_qc_125_the_tournaments_rules_are_posted_with_what_the_article_lists_while_public_and_not_over(demo, rules):
    """Art. 125: « Les règles du tournoi incluent la date de l'événement, sa durée, les règles de participation, le
    mode de distribution des lots ainsi que les lots à gagner et elles doivent être mises à la disposition du public
    au moins une semaine avant la date du début du tournoi ainsi que lors du tournoi. » Each tournament whose rules
    are public and which is not over: the one played today and the one open for registration, not the draft."""
    casino = _lac_bleu()
    posting = _shown(casino, "tournoi")
    titles = [section["title"] for section in posting.content["sections"]]
    assert titles == ["Hold'em du mardi du Lac-Bleu", "Classique d'hiver du Lac-Bleu"], titles
    first = posting.content["sections"][0]["lines"]
    for label in ("Date de l'événement : ", "Durée : ", "Règles de participation : ",
                  "Mode de distribution des lots : ", "Lots à gagner :"):
        assert any(line.startswith(label) for line in first), (label, first)
    assert any(line.startswith("1e place : 40\u00a0% des lots (") for line in first), first
    assert posting.content["citation"] == "QC RJC art. 125"
    # posted from the first day it was owed since the casino's first posting, so no day lacks it
    earlier = NoticeEvent.objects.filter(casino=casino, kind="tournoi", action="pose").order_by("pk").first()
    assert earlier.day == casino.today() - datetime.timedelta(days=3)


def test_each_posted_poster_is_downloaded_from_the_public_site_without_a_session_only_on_a_day_it_was_posted(
        demo, rules, client):
    """The public site links each notice displayed on the day asked to its signed PDF; a posting not displayed that
    day is not found; no one's name is on the page."""
    casino = _lac_bleu()
    url = reverse("notices-public", kwargs={"casino": casino.code})
    page = client.get(url).content.decode()
    shown = selectors.displayed(casino, casino.today())
    assert {posting.kind for posting in shown} >= {"roue", "lot_progressif", "tournoi", "salon_poker"}
    for posting in shown:
        assert f'data-testid="poster-{posting.pk}"' in page
    assert "qc.direction" not in page and "Affiche abîmée" not in page
    board = _shown(casino, "lot_progressif")
    pdf = client.get(reverse("notices-public-poster", kwargs={"casino": casino.code, "posting": board.pk}))
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf" and pdf.content.startswith(b"%PDF")
    # the first posting of the board's notice, withdrawn two days ago: found on a day it was displayed, not today
    first = NoticeEvent.objects.filter(casino=casino, kind="lot_progressif", action="pose").order_by("pk").first()
    poster = reverse("notices-public-poster", kwargs={"casino": casino.code, "posting": first.pk})
    assert client.get(poster).status_code == 404
    then = (casino.today() - datetime.timedelta(days=3)).isoformat()
    assert client.get(poster, {"jour": then}).status_code == 200
    assert client.get(reverse("notices-public-poster", kwargs={"casino": "les-rochers", "posting": board.pk})
                      ).status_code == 404  # another casino's address
    assert client.post(poster, {}).status_code == 405


def test_qc_21_2_the_board_s_poster_is_a_signed_pdf_that_pdfsig_accepts(demo, rules, client, shots):  # noqa: F811
    """Art. 21.2: « visible de chaque table qui offre cette mise ». The poster of the board's notice, as the public
    site gives it: pdfsig accepts its signature, pdftotext reads the pay table, pdftoppm renders it (kept as PNG)."""
    casino = _lac_bleu()
    board = _shown(casino, "lot_progressif")
    target = shots / "affiche-qc-21-2.pdf"
    target.write_bytes(client.get(reverse("notices-public-poster", kwargs={"casino": casino.code,
                                                                           "posting": board.pk})).content)
    assert shutil.which("pdfsig"), "pdfsig (poppler-utils): ./scripts/test installs it when run as root"
    checked = subprocess.run(["pdfsig", str(target)], capture_output=True, text=True, timeout=60).stdout
    assert "Signature Validation: Signature is Valid." in checked
    text = " ".join(subprocess.run(["pdftotext", str(target), "-"], capture_output=True, text=True,
                                   timeout=60).stdout.split())
    assert "100 % du lot progressif" in text and "21.2" in text
    subprocess.run(["pdftoppm", "-png", "-r", "50", "-f", "1", "-l", "1", str(target), str(shots / "affiche-qc-21-2")],
                   check=True, timeout=60)
    assert list(shots.glob("affiche-qc-21-2*.png"))


def test_qc_21_2_the_nightly_reconciliation_finds_the_one_day_a_notice_owed_was_displayed_nowhere(demo, rules):
    """Art. 21.2: « Un panneau d'affichage […] doit être placé de façon à être visible de chaque table qui offre cette
    mise. » Lac-Bleu's notice of its board, taken down two days ago and put back the next day: that day's
    reconciliation finds it owed and displayed nowhere, citing the article; no other day, no other casino."""
    from compliance.reconciliation.models import Finding

    casino = _lac_bleu()
    found = list(Finding.objects.filter(kind=Finding.Kind.NOTICE_MISSING).select_related("reconciliation__casino"))
    assert [(finding.reconciliation.casino.code, finding.reconciliation.gaming_day, finding.key)
            for finding in found] == [("lac-bleu", casino.today() - datetime.timedelta(days=2),
                                       "avis_non_affiche:lot_progressif")]
    assert "21.2" in found[0].citation
