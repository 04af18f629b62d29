"""The notices the texts require a casino to display, posted and withdrawn by its management, each with its day, so a
regulator reads what was displayed on any day; composed from the rule data and the house rules, the casino's own words
shown as such (registers/notices). LU RGD 1979 art. 74 as the draft replaces it, 3-4 11), 49-13 al. 3 and 8; QC RJC
art. 67.91 and 67.108 (the 2007 draft)."""

import datetime
import re

import pytest
from django.db import DatabaseError, transaction
from django.urls import reverse

from compliance import formatting
from compliance.errors import DomainError
from registers.models import NoticeEvent
from registers.notices import catalogue, selectors
from registers.notices.checks import notices_audit
from registers.notices.services import notice_post, notice_withdraw
from tests.conftest import make_user
from tests.test_browser import shots  # noqa: F401 (fixture)

pytestmark = pytest.mark.django_db

ROOMS = {catalogue.SITE: "https://casino-c.example/regles", "point_1": "Roulette et Bataille : règles à la caisse.",
         "point_2": "Carte d'admission obligatoire ; les personnes exclues ne sont pas admises.",
         "point_3": "Jetons et plaques aux tables ; carte de jeu électronique aux appareils.",
         "point_4": "Tout enjeu sur parole est interdit.", "point_5": "Aide aux joueurs : demandez à l'accueil."}


def lu_manager(world):
    return make_user("direction.c", "manager", casino=world.c)


def post_rooms(world, manager, *, days_ago=0, place="Salle des jeux de table", **changes):
    return notice_post(casino=world.c, actor=manager, kind="salles", place=place, texts={**ROOMS, **changes},
                       day=world.c.today() - datetime.timedelta(days=days_ago))


def test_lu_74_each_item_the_director_displays_is_composed_from_the_rule_data_with_the_casino_s_text(world, rules):
    """Art. 74 al. 1 (draft): « Le directeur est tenu d'afficher au casino de façon lisible et facilement visible les
    informations suivantes : 1) […] un site Internet du casino qui est également à indiquer à l'affichage ; 2) […]
    (c) l'information que tout enjeu sur parole est interdit ». Each item of the rule data heads the casino's text
    under it; the site is given; the notice cites art. 74 as a draft."""
    posting = post_rooms(world, lu_manager(world))
    content = posting.content
    assert content["citation"] == "LU RGD 1979 art. 74 al. 1 (projet)"
    sections = content["sections"]
    assert sections[0]["lines"] == ["https://casino-c.example/regles"] and not sections[0]["own"]
    items = [section for section in sections if section.get("item")]
    assert [section["title"][:3] for section in items] == ["1) ", "2) ", "(b)", "(c)", "(d)"]
    assert items[3]["title"] == "(c) l'information que tout enjeu sur parole est interdit"
    assert items[3]["lines"] == ["Tout enjeu sur parole est interdit."]
    # the casino's own words are never cited as an article
    assert all(section["own"] and section["citation"] == "Texte du casino, écrit par sa direction" for section in items)
    assert posting.digest == selectors.displayed(world.c, world.c.today())[0].digest


def test_lu_74_a_posting_without_the_text_of_one_item_is_refused_naming_it(world, rules):
    """Art. 74 al. 1 (c): « l'information que tout enjeu sur parole est interdit » must be on the notice: without the
    casino's text for it, nothing is posted and the refusal names the field."""
    with pytest.raises(DomainError) as refused:
        post_rooms(world, lu_manager(world), point_4="  ")
    assert refused.value.field == "point_4" and "art. 74 al. 1" in str(refused.value.message)
    assert not NoticeEvent.objects.exists()


def test_lu_3_4_11_the_slot_machines_notice_also_tells_the_use_of_the_gaming_card_system(world, rules):
    """Art. 3-4 11) (draft): « Les affiches visées à l'article 74 qui concernent les appareils à sous doivent renseigner
    également sur l'utilisation du système de cartes de jeu électroniques. » The card limits art. 3-1 fixes, each with
    its point, then the casino's instructions."""
    posting = notice_post(casino=world.c, actor=lu_manager(world), kind="cartes", place="Salle des appareils à sous",
                          texts={catalogue.MANUAL: "Chargez la carte à la caisse spéciale."})
    limits, manual = posting.content["sections"]
    assert posting.content["citation"] == "LU RGD 1979 art. 3-4 11) (projet)"
    assert any("2" in line and "000" in line and "art. 3-1 6)" in line for line in limits["lines"]), limits
    assert any("art. 3-1 7)" in line for line in limits["lines"]), limits
    assert manual["own"] and manual["lines"] == ["Chargez la carte à la caisse spéciale."]


def test_lu_49_13_the_bad_beat_notice_shows_the_increment_conditions_in_force_and_its_rate(world, rules):
    """Art. 49-13 al. 3: « Les conditions d'incrémentation font l'objet d'un affichage permanent à disposition du
    public, à chaque table » ; al. 8: « Le taux de l'incrément du bad beat jackpot fait l'objet d'un affichage
    permanent ». The conditions are those of the règlement intérieur in force, named; the rate the casino's. Owed
    from the day the casino puts its bad beat in service (art. 49-12 al. 1: « pouvant être effectuée »), not before."""
    from tests.test_lu_49_house_rules import open_bad_beat, record_house_rules

    manager = lu_manager(world)
    world.manager_c = manager
    record_house_rules(world)
    assert "bad_beat" not in selectors.owed(world.c, world.c.today())
    with pytest.raises(DomainError) as refused:
        notice_post(casino=world.c, actor=manager, kind="bad_beat", place="Table TH-1", texts={catalogue.RATE: "1 %"})
    assert refused.value.field == "kind"
    open_bad_beat(world)
    assert "bad_beat" in selectors.owed(world.c, world.c.today())
    posting = notice_post(casino=world.c, actor=manager, kind="bad_beat", place="Table TH-1",
                          texts={catalogue.RATE: "1 % du pot"})
    conditions, rate, win = posting.content["sections"]
    assert posting.content["citation"] == "LU RGD 1979 art. 49-13 al. 3 et 8 (projet)"
    assert conditions["lines"][0].startswith("Selon le règlement intérieur, version n°")
    assert any(line.startswith("Bad beat : pot minimum pour constituer le jackpot : 100,00") for line in
               conditions["lines"]), conditions
    assert rate["own"] and rate["lines"] == ["1 % du pot"]
    assert any("50" in line and "%" in line for line in win["lines"]), win


def test_qc_67_91_the_poker_room_s_rules_and_its_commission_of_at_most_10_percent_are_public(world, rules):
    """QC art. 67.91 (2007 draft): « Les règles spécifiques des jeux de poker offerts dans un Salon de poker doivent
    être reproduites dans un document mis à la disposition du public » ; 67.108: « un montant n'excédant pas 10 % de
    celle-ci » and the time charge « selon les limites indiquées à la table »."""
    posting = notice_post(casino=world.a, actor=world.manager_a, kind="salon_poker", place="Salon de poker",
                          texts={catalogue.RULES: "Hold'em no limit.", catalogue.RAKE: "5 % de la cagnotte",
                                 catalogue.TIME_CHARGE: "6 $ par demi-heure"})
    assert posting.content["citation"] == "QC RJC art. 67.91 (projet)"
    rake = posting.content["sections"][1]
    assert any("10\u00a0%" in line and "67.108" in line for line in rake["lines"]), rake
    assert posting.content["sections"][-1]["lines"] == ["6 $ par demi-heure"]


def test_a_notice_the_casino_s_texts_do_not_require_is_refused_and_the_cashier_may_not_post(world, rules):
    """A Québec casino owes no art. 74 notice of the Luxembourg draft; only the management posts."""
    with pytest.raises(DomainError) as refused:
        notice_post(casino=world.a, actor=world.manager_a, kind="salles", place="Salle", texts=ROOMS)
    assert refused.value.field == "kind"
    with pytest.raises(DomainError) as refused:
        notice_post(casino=world.c, actor=world.accountant_c, kind="salles", place="Salle", texts=ROOMS)
    assert refused.value.code == "wrong_role"
    assert set(selectors.owed(world.a, world.a.today())) == {"salon_poker"}
    assert set(selectors.owed(world.c, world.c.today())) == {"salles", "cartes"}  # no bad beat in service


def test_each_posting_and_withdrawal_is_dated_so_what_was_displayed_on_any_day_is_read_back(world, rules):
    """A posting from its day, withdrawn on another: the days between show it, the day of its withdrawal and after do
    not; a withdrawal before its posting, twice, or in the future is refused."""
    manager, today = lu_manager(world), world.c.today()
    posting = post_rooms(world, manager, days_ago=5)
    with pytest.raises(DomainError) as refused:
        notice_withdraw(casino=world.c, actor=manager, posting=posting.pk, reason="x",
                        day=today - datetime.timedelta(days=6))
    assert refused.value.field == "day"
    with pytest.raises(DomainError) as refused:
        notice_withdraw(casino=world.c, actor=manager, posting=posting.pk, reason="x",
                        day=today + datetime.timedelta(days=1))
    assert refused.value.code == "future_day"
    with pytest.raises(DomainError) as refused:
        post_rooms(world, manager, days_ago=1)  # the same place, while displayed
    assert refused.value.code == "duplicate"
    notice_withdraw(casino=world.c, actor=manager, posting=posting.pk, reason="Nouveau texte",
                    day=today - datetime.timedelta(days=2))
    with pytest.raises(DomainError) as refused:
        notice_withdraw(casino=world.c, actor=manager, posting=posting.pk, reason="Encore")
    assert refused.value.field == "posting"
    shown = {back: [found.pk for found in selectors.displayed(world.c, today - datetime.timedelta(days=back))]
             for back in range(7)}
    assert shown == {6: [], 5: [posting.pk], 4: [posting.pk], 3: [posting.pk], 2: [], 1: [], 0: []}
    missing = {problem.field for problem in selectors.missing(world.c, today - datetime.timedelta(days=3))}
    assert missing == {"cartes"}
    assert [event.action for event in NoticeEvent.objects.filter(casino=world.c).order_by("pk")] == ["pose", "retrait"]


def test_the_notices_are_append_only_and_the_audit_finds_a_row_written_past_the_service(world, rules):
    """PostgreSQL refuses UPDATE and DELETE; a posting written without its required text, or its text changed against
    its SHA-256, is found by the audit."""
    manager = lu_manager(world)
    posting = post_rooms(world, manager)
    with pytest.raises(DatabaseError), transaction.atomic():
        NoticeEvent.objects.filter(pk=posting.pk).update(place="Ailleurs")
    with pytest.raises(DatabaseError), transaction.atomic():
        NoticeEvent.objects.filter(pk=posting.pk).delete()
    assert notices_audit(world.c) == []
    forged = {**posting.content, "texts": {**posting.content["texts"], "point_4": ""}}
    NoticeEvent.objects.create(casino=world.c, action="pose", kind="salles", place="Salle des appareils à sous",
                               day=world.c.today(), content=forged, digest=posting.digest, actor=manager)
    found = {(item.number, item.problem.field) for item in notices_audit(world.c)}
    assert {field for _number, field in found} == {"point_4", "content"}


def test_the_public_site_needs_no_sign_in_and_shows_only_what_was_posted_that_day(world, rules, client):
    """Anyone reads the casino's notices of a day, with no one's name; `?jour=` a past day; a POST is refused."""
    manager = lu_manager(world)
    posting = post_rooms(world, manager, days_ago=3)
    notice_withdraw(casino=world.c, actor=manager, posting=posting.pk, reason="Remplacé", day=world.c.today())
    url = reverse("notices-public", kwargs={"casino": world.c.code})
    today = client.get(url)
    assert today.status_code == 200 and "Aucun avis n'était affiché ce jour-là." in today.content.decode()
    before = client.get(url, {"jour": (world.c.today() - datetime.timedelta(days=1)).isoformat()}).content.decode()
    assert "Tout enjeu sur parole est interdit." in before and "https://casino-c.example/regles" in before
    assert manager.username not in before and "Remplacé" not in before
    assert client.get(url, {"jour": "demain"}).status_code == 200
    assert client.post(url, {}).status_code == 405
    assert client.get(reverse("notices-public", kwargs={"casino": "nulle-part"})).status_code == 404


def test_the_manager_posts_from_the_page_and_the_missing_notices_wait_in_his_to_do(world, rules, client):
    """The page names each notice owed today and not displayed; the manager's « À faire » lists them; a posting from
    the page's form is refused under its field, then recorded."""
    from compliance.todo import tasks_for

    manager = lu_manager(world)
    labels = {task.label for task in tasks_for(manager) if task.group == "Avis à afficher"}
    assert labels == {catalogue.french(catalogue.KINDS[key].title) for key in ("salles", "cartes")}
    client.force_login(manager)
    url = reverse("notices", kwargs={"casino": world.c.code})
    page = client.get(url)
    assert page.status_code == 200 and 'data-testid="missing-salles"' in page.content.decode()
    form = {"action": "afficher-salles", "afficher-salles-place": "Salle des jeux", "afficher-salles-size": "A3",
            "afficher-salles-day": world.c.today().isoformat(),
            **{f"afficher-salles-{name}": text for name, text in ROOMS.items()}}
    refused = client.post(url, {**form, "afficher-salles-point_2": ""})
    assert refused.status_code == 200 and 'data-testid="error-point_2"' in refused.content.decode()
    assert client.post(url, form).status_code == 302
    posting = NoticeEvent.objects.get(casino=world.c)
    assert posting.size == "A3" and posting.actor == manager
    client.force_login(world.regulator_lu)
    assert client.post(url, form).status_code == 403
    assert "Tout enjeu sur parole est interdit." in client.get(url).content.decode()


def test_lu_74_the_poster_is_a_signed_a3_pdf_that_pdfsig_accepts(world, rules, shots):  # noqa: F811
    """Art. 74 al. 2 (draft): « L'affichage visé à l'alinéa 1 peut se faire par le biais d'affiches traditionnelles ou
    par un affichage électronique. » The posting asks for its poster, signed with the casino's certificate (PAdES):
    pdfsig accepts it, pdfinfo reads A3, pdftoppm renders its page (kept as a PNG)."""
    import shutil
    import subprocess

    from compliance.reports.models import Report
    from compliance.reports.services import report_generate

    posting = notice_post(casino=world.c, actor=lu_manager(world), kind="salles", place="Salle des jeux de table",
                          texts=ROOMS, size="A3")
    report = report_generate(Report.objects.get(kind=Report.Kind.NOTICE_POSTER, subject=str(posting.pk)))
    assert report.status == Report.Status.SUCCEEDED, report.error
    target = shots / "affiche-lu-74-a3.pdf"
    target.write_bytes(bytes(Report.objects.get(pk=report.pk).pdf))
    assert shutil.which("pdfsig"), "pdfsig (poppler-utils): ./scripts/test installs it when run as root"
    shown = subprocess.run(["pdfsig", str(target)], capture_output=True, text=True, timeout=60).stdout
    assert "Signature Validation: Signature is Valid." in shown
    info = subprocess.run(["pdfinfo", str(target)], capture_output=True, text=True, timeout=60).stdout
    assert "(A3)" in info, info
    text = " ".join(subprocess.run(["pdftotext", str(target), "-"], capture_output=True, text=True,
                                   timeout=60).stdout.split())  # the lines as one text: a title wraps
    assert "Informations affichées dans les salles de jeux" in text and "Tout enjeu sur parole est interdit." in text
    assert "art. 74 al. 1 (projet)" in text
    assert f"affiché le {formatting.date(posting.day, jurisdiction=None)}" in text  # as people write a date
    assert not re.search(r"\b\d{4}-\d{2}-\d{2}\b", text), text
    subprocess.run(["pdftoppm", "-png", "-r", "40", "-f", "1", "-l", "1", str(target), str(shots / "affiche-lu-74-a3")],
                   check=True, timeout=60)
    assert list(shots.glob("affiche-lu-74-a3*.png"))


def test_registers_audit_asks_the_notices_again_and_fails_on_a_posting_written_past_the_service(world, rules):
    """Art. 74 al. 1 (draft): « Le directeur est tenu d'afficher […] (c) l'information que tout enjeu sur parole est
    interdit ». `registers_audit` audits each casino's notices as one more book (« <casino>/avis »): clean after the
    service's postings, and a posting written past the service without that text is invalid, the command failing."""
    from django.core.management import call_command

    from registers.management.audit import audit

    manager = lu_manager(world)
    posting = post_rooms(world, manager)
    book = next(result for result in audit(casino_code=world.c.code) if result.register == f"{world.c.code}/avis")
    assert book.entries == 1 and book.invalid == []
    forged = {**posting.content, "texts": {**posting.content["texts"], "point_4": ""}}
    row = NoticeEvent.objects.create(casino=world.c, action="pose", kind="salles", place="Salle des appareils à sous",
                                     day=world.c.today(), content=forged, digest=posting.digest, actor=manager)
    book = next(result for result in audit(casino_code=world.c.code) if result.register == f"{world.c.code}/avis")
    assert [finding.seq for finding in book.invalid] == [row.pk]
    assert any("art. 74 al. 1" in problem.citation for problem in book.invalid[0].problems)
    with pytest.raises(SystemExit):
        call_command("registers_audit", casino=world.c.code)
