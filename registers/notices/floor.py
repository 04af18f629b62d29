"""The notices of the games on the floor, composed from the casino's data as its registers hold it: the wheel of
fortune's prizes as the casino made them public (through compliance.hooks.WHEEL_PUBLISHED: the approvals hold the
wheel), the progressive bet's lots of its carnets spéciaux with the bet's pay table from the rule data, and the rules
of each tournament whose rules are public and which is not over. Each is owed where the profile's feature applies and
while what it is about is in service at the casino (`in_service`); which article requires it is the rule data's."""

import datetime
from decimal import Decimal

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from compliance import formatting
from compliance.hooks import WHEEL_PUBLISHED
from compliance.models import Casino

from ..models import GamingTable, Tournament
from ..tables.progressif.controls import Lot
from ..tables.progressif.selectors import bet_of, lots_of
from ..tournaments.selectors import prize_table
from .sections import Composing, french, own, section


def _percent(share: Decimal) -> str:
    return f"{(share * 100).normalize():f}\u00a0%"


# --- the wheel of fortune: its prizes and how they are awarded ------------------------------------------------------

def wheel_in_service(casino: Casino, day: datetime.date) -> bool:
    """Owed from the day the casino made its wheel's configuration public (one query)."""
    return bool(WHEEL_PUBLISHED) and WHEEL_PUBLISHED(casino, day) is not None


def wheel(made: Composing) -> list[dict]:
    published = WHEEL_PUBLISHED(made.casino, made.day) if WHEEL_PUBLISHED else None
    if published is None:
        return []
    parts = published["parts"]
    lines = [french(ngettext_lazy("{symbol} : {parts} partie de la roue sur {total}, payé {odds}",
                                  "{symbol} : {parts} parties de la roue sur {total}, payé {odds}", count)).format(
        symbol=symbol, parts=count, total=parts, odds=odds) for symbol, count, odds in published["bets"]]
    lines.append(french(_("Configuration publiée par le casino le {day}")).format(day=formatting.date(
        made.casino.today(published["published_at"]), jurisdiction=made.casino.jurisdiction)))
    return [section(_("Lots à gagner et mode d'attribution"), lines, str(made.rule.citation))]


# --- the blackjack progressive bet: its board, its prizes, each lot ---------------------------------------------------

def _lots(casino: Casino, day: datetime.date) -> list[Lot]:
    return sorted((lot for lot in lots_of(casino).values() if lot.day <= day), key=lambda lot: lot.name)


def progressive_in_service(casino: Casino, day: datetime.date) -> bool:
    """Owed from the day the casino configured a progressive lot in its carnets spéciaux (one query)."""
    return bool(_lots(casino, day))


def progressive(made: Composing) -> list[dict]:
    casino = made.casino
    sections = [section(_("Panneau d'affichage du lot progressif"),
                        [_("Le montant du lot progressif est indiqué de façon continue au panneau d'affichage, "
                           "placé de façon à être visible de chaque table qui offre la mise progressive.")],
                        str(made.rule.citation))]
    games = dict(GamingTable.objects.filter(casino=casino).values_list("number", "game__key"))
    for lot in _lots(casino, made.day):
        game = next((games[table] for table in lot.tables if table in games), None)
        bet = bet_of(casino, game, made.day) if game else None
        title = french(_("Lot « {name} » : tables {tables}")).format(name=lot.name, tables=", ".join(lot.tables))
        if bet is not None:
            stake = formatting.money(bet.stake, currency=casino.currency, jurisdiction=casino.jurisdiction)
            sections.append(section(title, [french(_("Mise progressive : {stake}")).format(stake=stake),
                                            *(f"{prize.label} : {prize.odds}" for prize in bet.prizes)], bet.citation))
        start = formatting.money(lot.start, currency=casino.currency, jurisdiction=casino.jurisdiction)
        sections.append(own(french(_("Valeur de départ du lot « {name} »")).format(name=lot.name),
                            f"{start} ({lot.reference})"))
    return sections


# --- the tournaments: the rules of each one whose rules are public and which is not over ------------------------------

def tournaments_owed(casino: Casino, day: datetime.date) -> list[Tournament]:
    """The tournaments whose rules the casino had made public by `day` and which were not over before it, the next
    to start first (one query)."""
    found = (Tournament.objects.filter(casino=casino, published_at__isnull=False)
             .exclude(state=Tournament.State.DRAFT).order_by("starts_at", "pk"))
    return [tournament for tournament in found if casino.today(tournament.published_at) <= day
            and (tournament.finished_at is None or casino.today(tournament.finished_at) >= day)]


def tournaments_in_service(casino: Casino, day: datetime.date) -> bool:
    return bool(tournaments_owed(casino, day))


def _prizes(tournament: Tournament, casino: Casino) -> list[str]:
    lines = []
    for prize in prize_table(tournament):
        line = french(_("{place}e place : {share} des lots")).format(place=prize.place, share=_percent(prize.share))
        if prize.amount is not None:
            line += f" ({formatting.money(prize.amount, currency=casino.currency, jurisdiction=casino.jurisdiction)})"
        lines.append(line)
    if tournament.guaranteed:
        lines.append(french(_("Lots garantis : {amount}")).format(amount=formatting.money(
            tournament.guaranteed, currency=casino.currency, jurisdiction=casino.jurisdiction)))
    return lines


def tournaments(made: Composing) -> list[dict]:
    casino, citation = made.casino, str(made.rule.citation)
    sections = []
    for tournament in tournaments_owed(casino, made.day):
        starts = formatting.date(tournament.starts_at, jurisdiction=casino.jurisdiction, style="short")  # no seconds
        lines = [french(_("Date de l'événement : {day}")).format(day=starts),
                 french(_("Durée : {duration}")).format(duration=tournament.duration),
                 french(_("Règles de participation : {rules}")).format(rules=tournament.participation),
                 french(_("Mode de distribution des lots : {mode}")).format(mode=tournament.distribution),
                 french(_("Lots à gagner :")), *_prizes(tournament, casino)]
        sections.append(section(tournament.name, lines, citation))
    return sections
