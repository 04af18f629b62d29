"""Pages of the tournaments (QC RJC art. 123 to 127, LU RGD 1979 art. 49-17, the ROPTA), under /tournois/: the
tournaments of the user's scope with the management's form to set one up; a tournament's page, its published rules,
structure, money, entries, players out, standing, prizes and chip races, with the forms of the steps the user's role
may take in its state; and its public page, for anyone, once its rules are published. Thin callers: the reads come
from the selectors (and pages.py, which lays them out), the writes go to the services through the shared
`web_actions` (a refusal comes back under the field it names, nothing written; a regulator's POST is a 403).
Another casino's tournament is a 404, and so is the public page of a draft."""

from zoneinfo import ZoneInfo

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_safe

from compliance.models import User
from compliance.permissions import can_write

from ..kinds import RegisterKind
from ..models import Tournament
from ..register_page import register_url
from ..web_actions import chosen, submit, verify_writable
from . import controls, errors, pages, selectors, services
from .forms import (
    ChipRaceForm,
    CloseForm,
    FinishForm,
    OutForm,
    PayForm,
    PublishForm,
    SellForm,
    StartForm,
    TournamentForm,
)

State = Tournament.State


class ListPage:
    """What the creation form needs: the manager's casino and its games."""

    def __init__(self, casino):
        self.casino = casino
        self.games = selectors.games_for(casino)


class DetailPage:
    """What a tournament's forms need: the tournament and what its page shows."""

    def __init__(self, tournament, data: pages.TournamentPage):
        self.tournament, self.data = tournament, data


def _detail_url(tournament) -> str:
    return reverse("tournaments-detail", kwargs={"casino": tournament.casino.code, "slug": tournament.slug})


def _is_manager(user: User, casino) -> bool:
    return can_write(user, casino) and user.role == User.Role.MANAGER


# --- the list -----------------------------------------------------------------------------------------------------


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def tournaments_list(request):
    user = request.user
    casino = user.casino if _is_manager(user, user.casino) else None
    form = TournamentForm(page=ListPage(casino)) if casino is not None else None
    if request.method == "POST":
        verify_writable(request, user.casino)
        if casino is None:
            raise PermissionDenied(str(errors.MANAGER_ONLY))
        form = TournamentForm(request.POST, page=ListPage(casino))

        def create(bound):
            tournament = services.tournament_create(casino=casino, actor=user, **bound.values())
            return (_("Tournoi « %(name)s » enregistré comme brouillon : publiez ses règles pour ouvrir les "
                      "inscriptions.") % {"name": tournament.name}, _detail_url(tournament))

        done = submit(request, form, create)
        if done is not None:
            return done
    rows = selectors.tournament_list(user=user)
    return render(request, "registers/tournaments/list.html", {
        "rows": rows,
        "several_casinos": len({row.tournament.casino_id for row in rows}) > 1 or user.is_regulator,
        "form": form,
        "refused": request.method == "POST",
        "read_only": not can_write(user),
    })


# --- a tournament ---------------------------------------------------------------------------------------------------


def _publish(page, form, user):
    services.tournament_publish(tournament=page.tournament, actor=user, **form.values())
    return _("Règles publiées : les inscriptions sont ouvertes.")


def _start(page, form, user):
    services.tournament_start(tournament=page.tournament, actor=user, **form.values())
    return _("Tournoi commencé.")


def _sell(page, form, user):
    seat = services.entry_sell(tournament=page.tournament, actor=user, player=form.cleaned_data["player"])
    if seat.reentry:
        return _("Ré-entrée de %(player)s vendue : inscription n° %(number)s.") % {"player": seat.player,
                                                                                  "number": seat.number}
    return _("Inscription n° %(number)s vendue à %(player)s.") % {"player": seat.player, "number": seat.number}


def _out(page, form, user):
    outs = services.players_out(tournament=page.tournament, actor=user, **form.values())
    return ngettext("%(count)s joueur sorti au coup « %(hand)s ».", "%(count)s joueurs sortis au coup « %(hand)s ».",
                    len(outs)) % {"count": len(outs), "hand": outs[0].hand}


def _chip_race(page, form, user):
    race = services.chip_race_record(tournament=page.tournament, actor=user, **form.values())
    return ngettext("Chip race de la table %(table)s : %(chips)s jeton de %(value)s donné.",
                    "Chip race de la table %(table)s : %(chips)s jetons de %(value)s donnés.", race.new_chips) % {
        "table": race.table, "chips": race.new_chips, "value": race.new_value}


def _finish(page, form, user):
    services.tournament_finish(tournament=page.tournament, actor=user)
    return _("Tournoi terminé : les places et les lots sont fixés.")


def _pay(page, form, user):
    payout = services.prize_pay(actor=user, **form.values())
    return _("Lot de la place %(place)s payé à %(winner)s.") % {"place": payout.place.place, "winner": payout.winner}


def _close(page, form, user):
    services.tournament_close(tournament=page.tournament, actor=user)
    return _("Tournoi clos : tous les lots sont payés et les flux s'équilibrent.")


ACTIONS = {form.action: (form, call) for form, call in (
    (PublishForm, _publish), (StartForm, _start), (SellForm, _sell), (OutForm, _out), (ChipRaceForm, _chip_race),
    (FinishForm, _finish), (PayForm, _pay), (CloseForm, _close))}


def _forms(user: User, page: DetailPage) -> tuple[dict, list[str]]:
    """The forms of the steps the tournament's state leads to (controls.py), a manager's for a manager only; an entry
    not offered once late registration is over or the places are full, and why; a prize once one is left to pay."""
    tournament = page.tournament
    if not can_write(user, tournament.casino):
        return {}, []
    state = selectors.state_of(tournament)
    shown, why = {}, []
    for transition in controls.offered(state, _is_manager(user, tournament.casino)):
        if transition is controls.ENTER:
            problems = controls.entry_problems(state, controls.Sale(state.now, ""))
            if problems:
                why.append(str(problems[0].refused(tournament.casino.jurisdiction).message))
                continue
        if transition is controls.PAY and not page.data.to_pay:
            continue
        shown[transition.name] = ACTIONS[transition.name][0](page=page)
    return shown, why


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def tournament_detail(request, casino, slug):
    user = request.user
    tournament = selectors.tournament_get(user=user, casino_code=casino, slug=slug)
    page = DetailPage(tournament, pages.staff_page(tournament))
    bound = None
    if request.method == "POST":
        verify_writable(request, tournament.casino)
        _action, (form_class, call) = chosen(request, ACTIONS)
        bound = form_class(request.POST, page=page)
        done = submit(request, bound, lambda form: (call(page, form, user), _detail_url(tournament)))
        if done is not None:
            return done
    forms_, not_offered = _forms(user, page)
    if bound is not None:
        forms_[bound.action] = bound
    return render(request, "registers/tournaments/detail.html", {
        "casino": tournament.casino,
        "tournament": tournament,
        "page": page.data,
        "forms": forms_,
        "not_offered": not_offered,
        "bound_action": bound.action if bound is not None else None,
        "can_write": can_write(user, tournament.casino),
        "is_manager_or_regulator": _is_manager(user, tournament.casino) or user.is_regulator,
        "register_url": register_url(tournament.casino.code, RegisterKind.TOURNOIS),
        "public_url": reverse("tournaments-public", kwargs={"casino": tournament.casino.code, "slug": slug})
        if tournament.state != State.DRAFT else None,
    })


@require_safe
def tournaments_public(request, casino):
    """Anyone, signed in or not: the casino's tournaments whose rules are public, with the moment Vigie recorded each
    publication (QC RJC art. 125), in the casino's time zone."""
    found, tournaments = selectors.published_list(casino_code=casino)
    timezone.activate(ZoneInfo(found.jurisdiction.timezone))
    return render(request, "registers/tournaments/public_list.html", {
        "casino": found, "tournaments": tournaments, "home_jurisdiction": found.jurisdiction,
    })


@require_safe
def tournament_public(request, casino, slug):
    """Anyone, signed in or not: a tournament's published rules and, once it is over, its places and prizes, in the
    casino's time zone."""
    tournament = selectors.published_get(casino_code=casino, slug=slug)
    timezone.activate(ZoneInfo(tournament.casino.jurisdiction.timezone))
    return render(request, "registers/tournaments/public.html", {
        "casino": tournament.casino,
        "tournament": tournament,
        "page": pages.public_page(tournament),
        "home_jurisdiction": tournament.casino.jurisdiction,
    })
