"""The signed report of a tournament's results: the casino, the rules as published (date, duration, fee and its part to
the prizes, the shares, the structure), the entries sold, the cash flows (fees in = prize pool + the house's part; what
the house added; the prizes paid), the standing with its ties, who was paid, by which cashier and when, the chip
races, the articles the register's entries were checked against, and those entries with their hashes (so that the
verification sees whether the register still holds them as shown). Signed with the casino's certificate by the
reports, whose compliance/reports/tournament.py makes the document of this `source` (the registers never import
the reports)."""

import json

from django.db.models import Min

from ..chain.selectors import person
from ..kinds import RegisterKind, entry_kind_label, register_kind_label
from ..models import AnteFormat, Entry, Register, Tournament
from .selectors import money_of


def _written(register: Register, tournament: Tournament) -> list[Entry]:
    """The tournament's entries in the register: from the first day of it (set up, first seat sold, or start: a seat
    sold before midnight for a tournament set up after it is of the day before), the kinds of the tournaments, its
    own."""
    first_sold = tournament.entries.aggregate(first=Min("entered_at"))["first"]
    moments = [m for m in (tournament.created_at, tournament.starts_at, first_sold) if m is not None]
    since = min(tournament.casino.today(moment) for moment in moments)
    candidates = (Entry.objects.filter(register=register, gaming_day__gte=since, kind__startswith="tournoi.")
                  .select_related("actor").order_by("seq"))
    return [entry for entry in candidates if json.loads(entry.payload).get("tournoi") == tournament.slug]


def _citations(tournament: Tournament, written: list[Entry]) -> list[str]:
    """Each article or control the entries were checked against, once, in the order the register met them."""
    found = []
    for text in [tournament.citation, *(json.loads(entry.payload).get("citation") for entry in written)]:
        if isinstance(text, str):
            found += [part.strip() for part in text.split(" ; ") if part.strip()]
    return list(dict.fromkeys(found))


def _rules(tournament: Tournament) -> dict:
    return {
        "name": tournament.name, "slug": tournament.slug, "game": tournament.game.name,
        "state": tournament.state, "state_label": str(Tournament.State(tournament.state).label),
        "starts_at": tournament.starts_at, "duration": tournament.duration,
        "participation": tournament.participation, "distribution": tournament.distribution,
        "fee": tournament.fee, "to_pool": tournament.to_pool, "house_part": tournament.fee - tournament.to_pool,
        "guaranteed": tournament.guaranteed, "supplementary_bet": tournament.supplementary_bet,
        "shares": [{"place": place, "share": share} for place, share in enumerate(tournament.shares, start=1)],
        "starting_stack": tournament.starting_stack,
        "ante_format": str(AnteFormat(tournament.ante_format).label),
        "levels": [{"level": number, **level} for number, level in enumerate(tournament.levels, start=1)],
        "late_levels": tournament.late_levels, "reentries": tournament.reentries, "capacity": tournament.capacity,
        "tables": tournament.tables, "house_changes": tournament.house_changes,
        "published_on": tournament.casino.today(tournament.published_at) if tournament.published_at else None,
        "published_at": tournament.published_at,  # recorded by Vigie when the rules went public (QC RJC art. 125)
        "approval": tournament.approval.reference if tournament.approval_id else None,
        "started_at": tournament.started_at, "finished_at": tournament.finished_at,
        "closed_at": tournament.closed_at,
    }


def _standing(tournament: Tournament) -> list[dict]:
    lines = []
    for row in (tournament.places.select_related("seat", "payout__cashier", "payout__entry")
                .order_by("place", "seat__number")):
        payout = getattr(row, "payout", None)
        lines.append({
            "place": row.place, "tied": row.tied, "last": row.place + row.tied - 1, "number": row.seat.number,
            "player": row.seat.player, "reentry": row.seat.reentry, "prize": row.prize,
            "paid": {"winner": payout.winner, "identity": payout.identity, "amount": payout.amount,
                     "cashier": person(payout.cashier), "at": payout.paid_at, "seq": payout.entry.seq}
            if payout else None,
        })
    return lines


def source(tournament: Tournament) -> dict:
    """What the report of `tournament` shows, as JSON-ready data (amounts as Decimals, written as strings)."""
    casino = tournament.casino
    register = Register.objects.get(casino=casino, kind=RegisterKind.TOURNOIS)
    written = _written(register, tournament)
    money = money_of(tournament)
    sold = list(tournament.entries.select_related("cashier").order_by("number"))
    standing = _standing(tournament)
    return {
        "report": "tournament_results", "casino": casino.code, "casino_name": casino.name,
        "jurisdiction": casino.jurisdiction.code, "timezone": casino.jurisdiction.timezone,
        "currency": tournament.currency, "register": register.kind,
        "register_label": register_kind_label(register.kind),
        "tournament": _rules(tournament),
        "sold": [{"number": seat.number, "player": seat.player, "reentry": seat.reentry, "level": seat.level,
                  "fee": seat.fee, "to_pool": seat.to_pool, "at": seat.entered_at, "cashier": person(seat.cashier)}
                 for seat in sold],
        "players": len({seat.player for seat in sold}),
        "money": {"entries": money.entries, "fees": money.fees, "pool": money.pool, "house": money.house,
                  "overlay": money.overlay, "prizes": money.prizes, "paid": money.paid,
                  "unpaid": money.prizes - money.paid, "balanced": money.balanced},
        "standing": standing, "ties": any(line["tied"] > 1 for line in standing),
        "chip_races": [{"table": race.table, "old_value": race.old_value, "new_value": race.new_value,
                        "odd_chips": [{"player": player, "chips": count, "cards": race.cards.get(player, "")}
                                      for player, count in race.odd_chips.items()],
                        "new_chips": race.new_chips, "winners": race.winners, "saved": race.saved,
                        "seq": race.entry.seq}
                       for race in tournament.chip_races.select_related("entry")],
        "citations": _citations(tournament, written),
        "entries": [{"seq": entry.seq, "kind": entry.kind, "kind_label": entry_kind_label(entry.kind),
                     "recorded_at": entry.recorded_at, "actor": person(entry.actor), "hash": entry.hash}
                    for entry in written],
    }

