"""Tournaments (QC RJC art. 123 to 127, LU RGD 1979 art. 49-17, the ROPTA rulebook): a casino's tournament with its
published rules and structure, its entries and re-entries, the places of the players out, the chip races, and the
prizes paid at the cash desk. Each of these is an entry of the casino's tournament register; the entries, places,
chip races and payouts are append-only in the database (migration 0014), the tournament's row keeps its state."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from compliance.models import Casino
from compliance.scoping import scoped_queryset
from games.models import Game

from .chain import Entry

MONEY = {"max_digits": 14, "decimal_places": 2}


class AnteFormat(models.TextChoices):  # ROPTA §4.2
    BIG_BLIND = "big_blind", _("Ante big blinde (BB)")
    BUTTON = "bouton", _("Ante bouton (BTN)")
    CLASSIC = "classique", _("Ante classique")
    NONE = "aucune", _("Sans ante")


class Tournament(models.Model):
    class State(models.TextChoices):
        DRAFT = "brouillon", _("Brouillon")
        PUBLISHED = "publie", _("Règles publiées, inscriptions ouvertes")
        RUNNING = "en_cours", _("En cours")
        FINISHED = "termine", _("Terminé, lots à payer")
        CLOSED = "clos", _("Clos")

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+", verbose_name=_("casino"))
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="+", verbose_name=_("jeu"))
    name = models.CharField(_("nom"), max_length=120)
    slug = models.SlugField(max_length=80)
    starts_at = models.DateTimeField(_("début"))
    duration = models.CharField(_("durée"), max_length=80)
    participation = models.TextField(_("règles de participation"))
    distribution = models.TextField(_("mode de distribution des lots"))
    # The ROPTA is a private rulebook: adopted or not, for this tournament, as the casino's règlement intérieur; its
    # rules (late registration, places, chip race, players per table) apply only where it is.
    ropta_adopted = models.BooleanField(_("règlement intérieur : ROPTA adopté"), default=False)
    house_changes = models.JSONField(_("changements maison au ROPTA"), default=list)  # each clearly marked (ROPTA)
    fee = models.DecimalField(_("droit d'entrée"), **MONEY)
    to_pool = models.DecimalField(_("part du droit d'entrée aux lots"), **MONEY)
    supplementary_bet = models.DecimalField(_("mise supplémentaire (poker grand prix)"), null=True, blank=True,
                                            **MONEY)  # QC RJC art. 124: the fee taken from it
    guaranteed = models.DecimalField(_("lots garantis"), null=True, blank=True, **MONEY)  # the house tops the pool up
    shares = models.JSONField(_("répartition des lots"))  # each paid place's share of the pool, as decimal strings
    starting_stack = models.PositiveIntegerField(_("tapis de départ"))
    ante_format = models.CharField(_("format des ante"), max_length=12, choices=AnteFormat.choices)
    levels = models.JSONField(_("structure"))  # [{"petite_blinde", "grosse_blinde", "ante", "minutes"}], as integers
    late_levels = models.PositiveSmallIntegerField(_("inscriptions tardives jusqu'à la fin du niveau"))
    reentries = models.PositiveSmallIntegerField(_("ré-entrées permises par joueur"), default=0)
    capacity = models.PositiveIntegerField(_("places"))
    tables = models.JSONField(_("tables ou machines indiquées"))  # QC RJC art. 126
    currency = models.CharField(_("devise"), max_length=3)
    state = models.CharField(_("état"), max_length=12, choices=State.choices, default=State.DRAFT)
    citation = models.CharField(max_length=400)  # what the rules were checked against when it was set up
    # when Vigie put the rules on the casino's public page (QC RJC art. 125), recorded by the service, never typed
    published_at = models.DateTimeField(_("règles mises à la disposition du public le"), null=True, blank=True)
    approval = models.ForeignKey("approvals.ApprovalRequest", on_delete=models.PROTECT, null=True, blank=True,
                                 related_name="+", verbose_name=_("agrément"))  # LU RGD 1979 art. 49-17
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    objects = scoped_queryset(casino="casino", jurisdiction="casino__jurisdiction").as_manager()

    class Meta:
        ordering = ["-starts_at"]
        verbose_name = _("tournoi")
        constraints = [models.UniqueConstraint(fields=["casino", "slug"], name="tournament_slug_once")]

    def __str__(self):
        return self.name


class TournamentEntry(models.Model):
    """An entry fee sold: a player's first entry or a re-entry, the part of it to the prize pool, at the cash desk."""

    tournament = models.ForeignKey(Tournament, on_delete=models.PROTECT, related_name="entries")
    number = models.PositiveIntegerField(_("n°"))
    player = models.CharField(_("joueur"), max_length=120)
    reentry = models.PositiveSmallIntegerField(_("ré-entrée"), default=0)  # 0: first entry, 1: first re-entry …
    level = models.PositiveSmallIntegerField(_("niveau à l'inscription"), default=0)  # 0: before the start
    fee = models.DecimalField(_("droit d'entrée"), **MONEY)
    to_pool = models.DecimalField(_("aux lots"), **MONEY)
    entered_at = models.DateTimeField()
    cashier = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    entry = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="+")

    objects = scoped_queryset(casino="tournament__casino", jurisdiction="tournament__casino__jurisdiction").as_manager()

    class Meta:
        ordering = ["number"]
        constraints = [models.UniqueConstraint(fields=["tournament", "number"], name="tournament_entry_number_once"),
                       models.UniqueConstraint(fields=["tournament", "player", "reentry"],
                                               name="tournament_entry_once")]

    def __str__(self):
        return f"{self.player} ({self.number})"


class TournamentOut(models.Model):
    """A player out on a deal: the table and the stack at the start of that deal, which place them once the tournament
    is over (ROPTA §1.10, §2.7); players out on the same deal share its `group`."""

    tournament = models.ForeignKey(Tournament, on_delete=models.PROTECT, related_name="outs")
    seat = models.OneToOneField(TournamentEntry, on_delete=models.PROTECT, related_name="out")
    group = models.PositiveIntegerField(_("sortie n°"))
    table = models.CharField(_("table"), max_length=40)
    stack = models.PositiveBigIntegerField(_("tapis au début du coup"))
    hand = models.CharField(_("coup"), max_length=40)
    at = models.DateTimeField()
    entry = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="+")

    objects = scoped_queryset(casino="tournament__casino", jurisdiction="tournament__casino__jurisdiction").as_manager()

    class Meta:
        ordering = ["group", "seat__number"]

    def __str__(self):
        return f"{self.seat} · {self.hand}"


class TournamentPlace(models.Model):
    """A player's place once the tournament is over (the places shared when tied) and the prize it pays."""

    tournament = models.ForeignKey(Tournament, on_delete=models.PROTECT, related_name="places")
    seat = models.OneToOneField(TournamentEntry, on_delete=models.PROTECT, related_name="place")
    place = models.PositiveIntegerField(_("place"))
    tied = models.PositiveSmallIntegerField(_("ex aequo"), default=1)  # the players sharing the places from `place`
    prize = models.DecimalField(_("lot"), **MONEY)
    entry = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="+")

    objects = scoped_queryset(casino="tournament__casino", jurisdiction="tournament__casino__jurisdiction").as_manager()

    class Meta:
        ordering = ["place", "seat__number"]

    def __str__(self):
        return f"{self.place} · {self.seat}"


class ChipRace(models.Model):
    """A chip race at a table (ROPTA §3.2): the chips raced for, the cards dealt, who won a chip and who was saved."""

    tournament = models.ForeignKey(Tournament, on_delete=models.PROTECT, related_name="chip_races")
    table = models.CharField(_("table"), max_length=40)
    old_value = models.PositiveIntegerField(_("valeur retirée"))
    new_value = models.PositiveIntegerField(_("valeur supérieure"))
    odd_chips = models.JSONField()  # player → chips advanced
    cards = models.JSONField()  # player → the cards dealt, as text
    new_chips = models.PositiveIntegerField(_("jetons supérieurs donnés"))
    winners = models.JSONField()
    saved = models.JSONField()  # raced out of their last chip, given one of the smallest value in play
    entry = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="+")

    objects = scoped_queryset(casino="tournament__casino", jurisdiction="tournament__casino__jurisdiction").as_manager()

    class Meta:
        ordering = ["pk"]

    def __str__(self):
        return f"{self.table} · {self.old_value} → {self.new_value}"


class TournamentPayout(models.Model):
    """A prize paid at the cash desk: to whom, by which cashier, against the place it pays."""

    place = models.OneToOneField(TournamentPlace, on_delete=models.PROTECT, related_name="payout")
    winner = models.CharField(_("gagnant"), max_length=120)
    identity = models.CharField(_("pièce d'identité"), max_length=120)
    amount = models.DecimalField(_("montant"), **MONEY)
    paid_at = models.DateTimeField()
    cashier = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    entry = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="+")

    objects = scoped_queryset(casino="place__tournament__casino",
                              jurisdiction="place__tournament__casino__jurisdiction").as_manager()

    class Meta:
        ordering = ["place__place"]

    def __str__(self):
        return f"{self.place} · {self.amount}"
