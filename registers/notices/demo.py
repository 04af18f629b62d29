"""The demo's notices, through the service: each demo casino's management posts the notices its texts require. La
Moselle (LU) displays art. 74's information in its two gaming rooms and the card system's notice in its slot room since
ten days ago, and its bad beat's conditions and rate at TH-1, posted eight days ago and withdrawn at the bad beat's
voluntary stop five days ago, then posted again with a new rate from the day the bad beat is back in service: its
public page shows another text on another day. Lac-Bleu (QC)
displays its poker room's rules and commission, its blackjack progressive lot's notice (taken down two days ago and put
back only the next day: the one day the nightly reconciliation finds it owed and not displayed), and, once the
approvals have published its wheel and the tournaments theirs (`floor_demo`, called last), its wheel's prizes and its
tournaments' rules; Vieux-Pont (LU) what its texts require of it as well. Les Rochers
(MC) owes none of these notices: its page says so."""

from datetime import timedelta

from compliance.models import Casino, User

from ..models import NoticeEvent
from . import catalogue
from .services import notice_post, notice_withdraw

ROOMS_TEXTS = {
    "point_1": "Jeux de table : roulette, Bataille, Hold'em poker de casino, Ultimate Texas Hold'em ; salon de poker : "
               "Texas hold'em et Omaha. Les règles complètes de chaque jeu sont à la caisse et sur le site Internet.",
    "point_2": "L'accès aux salles de jeux est réservé aux personnes majeures munies d'une carte d'admission ; toute "
               "personne exclue ne peut y être admise.",
    "point_3": "Les mises sont représentées par des jetons et des plaques aux tables, par des pièces, des tokens, des "
               "billets ou une carte de jeu électronique aux appareils à sous.",
    "point_4": "Tout enjeu sur parole est interdit.",
    "point_5": "Le casino tient à votre disposition, à l'accueil, les coordonnées des services d'aide aux joueurs et "
               "la procédure d'exclusion volontaire.",
}
CARDS_TEXT = ("Chargez votre carte à la caisse spéciale, puis introduisez-la dans l'appareil : les mises sont débitées "
              "et les gains crédités sur la carte. Le solde vous est payé à la caisse spéciale, à votre demande.")
ROOM_TEXTS = {
    catalogue.RULES: "Texas hold'em no limit et Omaha high-low pot limit, selon les règles de la sous-section 14 du "
                     "Règlement sur les jeux de casino ; le document complet est remis sur demande au salon.",
    catalogue.RAKE: "5 % de la cagnotte, au plus 5 $ par partie.",
}


CASINOS = ("la-moselle", "lac-bleu", "vieux-pont")
BOARD_PLACE = "Tables de blackjack BJ-01, à côté du panneau du lot"
WHEEL_PLACE = "Table de roue de fortune"
TOURNAMENT_PLACE = "Accueil du salon de poker"


def _manager(casino: Casino) -> User:
    return casino.users.filter(role=User.Role.MANAGER).order_by("pk").first()


def notices_demo() -> list[str]:
    done = []
    for casino in Casino.objects.filter(code__in=CASINOS).select_related("jurisdiction"):
        if NoticeEvent.objects.filter(casino=casino).exists():
            continue
        manager, today = _manager(casino), casino.today()
        if manager is None:
            continue
        owed = catalogue.required_on(casino, today)
        posted = 0
        if "salles" in owed:
            for place in ("Salle des jeux de table", "Salle des appareils à sous"):
                texts = {**ROOMS_TEXTS, catalogue.SITE: f"https://www.{casino.code}.example/regles"}
                notice_post(casino=casino, actor=manager, kind="salles", place=place, texts=texts,
                            day=today - timedelta(days=10), size="A3")
                posted += 1
        if "cartes" in owed:
            notice_post(casino=casino, actor=manager, kind="cartes", place="Salle des appareils à sous",
                        texts={catalogue.MANUAL: CARDS_TEXT}, day=today - timedelta(days=10))
            posted += 1
        if "bad_beat" in owed and "bad_beat" in catalogue.required_on(casino, today - timedelta(days=8)):
            first = notice_post(casino=casino, actor=manager, kind="bad_beat", place="Table TH-1",
                                texts={catalogue.RATE: "1 % du pot après la retenue de la cagnotte"},
                                day=today - timedelta(days=8))
            notice_withdraw(casino=casino, actor=manager, posting=first.pk, day=today - timedelta(days=5),
                            reason="Arrêt volontaire du bad beat jackpot")
            posted += 1
        if "bad_beat" in owed:  # posted again from the first day the bad beat is back in service after its stop
            again = next(day for day in (today - timedelta(days=back) for back in range(4, -1, -1))
                         if "bad_beat" in catalogue.required_on(casino, day))
            notice_post(casino=casino, actor=manager, kind="bad_beat", place="Table TH-1",
                        texts={catalogue.RATE: "1 % du pot après la retenue de la cagnotte, arrondi à l'euro "
                                               "inférieur"}, day=again)
            posted += 1
        if "salon_poker" in owed:
            notice_post(casino=casino, actor=manager, kind="salon_poker", place="Salon de poker", texts=ROOM_TEXTS,
                        day=today - timedelta(days=3))
            posted += 1
        if "lot_progressif" in owed:  # the planted gap: taken down two days ago, put back only the next day
            first = notice_post(casino=casino, actor=manager, kind="lot_progressif", place=BOARD_PLACE, texts={},
                                day=today - timedelta(days=3))
            notice_withdraw(casino=casino, actor=manager, posting=first.pk, day=today - timedelta(days=2),
                            reason="Affiche abîmée, retirée pour être réimprimée")
            notice_post(casino=casino, actor=manager, kind="lot_progressif", place=BOARD_PLACE, texts={},
                        day=today - timedelta(days=1))
            posted += 2
        done.append(f"notices of {casino.code}: {posted} posted")
    return done


def floor_demo() -> list[str]:
    """The wheel's and the tournaments' notices, once the approvals published the wheel and the tournaments their rules
    (compliance/approvals/demo.py calls it last): each posted from the first day it is owed since the casino's first
    posting, so that no day lacks it; the tournaments' posted again today with the tournament published today."""
    done = []
    for casino in Casino.objects.filter(code__in=CASINOS).select_related("jurisdiction"):
        manager, today = _manager(casino), casino.today()
        first = (NoticeEvent.objects.filter(casino=casino, action=NoticeEvent.Action.POSTED).order_by("day")
                 .values_list("day", flat=True).first())
        if manager is None or first is None:
            continue
        for kind, place in (("roue", WHEEL_PLACE), ("tournoi", TOURNAMENT_PLACE)):
            if NoticeEvent.objects.filter(casino=casino, kind=kind).exists():
                continue
            days = [first + timedelta(days=n) for n in range((today - first).days + 1)]
            since = next((day for day in days if catalogue.rule_of(casino, catalogue.KINDS[kind], day)), None)
            if since is None:
                continue
            posting = notice_post(casino=casino, actor=manager, kind=kind, place=place, texts={}, day=since)
            if since < today and posting.content != _composed(casino, kind, today):
                notice_withdraw(casino=casino, actor=manager, posting=posting.pk, day=today,
                                reason="Nouvelle version : un tournoi publié aujourd'hui")
                notice_post(casino=casino, actor=manager, kind=kind, place=place, texts={}, day=today)
            done.append(f"notice {kind} of {casino.code} posted since {since.isoformat()}")
    return done


def _composed(casino: Casino, kind: str, day) -> dict | None:
    found = catalogue.KINDS[kind]
    rule = catalogue.rule_of(casino, found, day)
    return catalogue.compose(casino, found, day, rule, {}) if rule else None
