"""The poker room: its sessions as the chef de salle opens them (game, version, blinds and retention fixed until the
next session: LU RGD 1979 art. 49-3, 49-4, 49-7, 49-8), the deals imported from the room's system, and the stakes of
absent players set aside (art. 49-1).

Deals are many (a room deals some 4,000 a day): they live in a table partitioned by casino, then by month, each
partition append-only like the entries (migration 0012; vigie_partition, which the import calls to open a month). A
deal keeps its actions compactly (`data`, as games/poker/formats reads them) and the figures the reconciliation adds
up: ours, recomputed from the actions, beside the room's. Each import writes one entry of the cagnotte register per
gaming day, whose payload holds the digest of that day's deals and the import's number.
"""

from decimal import Decimal

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from compliance.models import Casino
from compliance.scoping import scoped_queryset
from games.models import Game

from .chain import Entry

MONEY = {"max_digits": 14, "decimal_places": 2}


class PokerSession(models.Model):
    """A poker table opened for a session: what art. 49-4 fixes « à chaque début de séance » and the retention the
    room applies to its pots."""

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+", verbose_name=_("casino"))
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="+", verbose_name=_("jeu"))
    table = models.CharField(_("table"), max_length=60)
    gaming_day = models.DateField(_("journée de jeu"))
    number = models.PositiveSmallIntegerField(_("séance"))
    variant = models.CharField(_("variante"), max_length=12)  # holdem | omaha | omaha_hilo
    version = models.CharField(_("version"), max_length=12)  # limit | pot_limit | no_limit
    minimum = models.DecimalField(_("mise minimale de la table"), **MONEY)
    small_blind = models.DecimalField(_("small blind"), **MONEY)
    big_blind = models.DecimalField(_("big blind"), **MONEY)
    option = models.BooleanField(_("option"), default=False)
    cap = models.DecimalField(_("cap"), null=True, blank=True, **MONEY)  # limit only
    rake_rate = models.DecimalField(_("taux de la retenue"), max_digits=5, decimal_places=4)
    rake_cap = models.DecimalField(_("plafond de la retenue par main"), null=True, blank=True, **MONEY)
    # the rest of the room's rake schedule: none on a deal that ends before the flop, taken on each pot or once on the
    # deal's whole pot (then shared among its pots), and the table's smallest chip: the rake rounds down to it and a
    # split pot's odd chips are of it (the caisse de change's make-up, fixed at the table's opening: LU art. 49-3)
    no_flop_no_drop = models.BooleanField(_("pas de flop, pas de retenue"), default=False)
    rake_per_pot = models.BooleanField(_("retenue sur chaque pot"), default=True)
    chip = models.DecimalField(_("plus petit jeton de la table"), default=Decimal("0.01"), **MONEY)
    time_charge = models.BooleanField(_("commission au temps de jeu"), default=False)  # QC RJC art. 67.108 al. 2
    # the time charge's limits as the table shows them (art. 67.108 al. 2): at most `amount` per `minutes` begun
    time_charge_amount = models.DecimalField(_("commission au temps de jeu : montant"), null=True, blank=True,
                                             **MONEY)
    time_charge_minutes = models.PositiveSmallIntegerField(_("commission au temps de jeu : par minutes"), null=True,
                                                           blank=True)
    minimum_stack = models.DecimalField(_("avoir minimum indiqué à la table"), null=True, blank=True,
                                        **MONEY)  # QC RJC art. 67.94
    # what the chef de salle fixes at the séance's opening (LU art. 49-3 al. 3, 4; 49-7): the initial cave, and the
    # caisse de change counted as handed to the croupier; kept by a rise of the minimum (registers/poker_room)
    cave = models.DecimalField(_("cave initiale"), null=True, blank=True, **MONEY)
    caisse = models.DecimalField(_("caisse de change à l'ouverture"), null=True, blank=True, **MONEY)
    # a rise of the minimum and blinds during the séance (LU art. 49-3, 49-7): the session it follows, who decided
    raised_from = models.ForeignKey("self", on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    decided_by = models.CharField(_("décidé par"), max_length=120, blank=True)
    bad_beat = models.JSONField(_("incrément du bad beat jackpot"), null=True, blank=True)  # kind, value, rounding
    citation = models.CharField(max_length=300)
    opened_at = models.DateTimeField()
    opened_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    entry = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="+")

    objects = scoped_queryset(casino="casino", jurisdiction="casino__jurisdiction").as_manager()

    class Meta:
        ordering = ["gaming_day", "table", "number"]
        verbose_name = _("séance de poker")
        constraints = [models.UniqueConstraint(fields=["casino", "gaming_day", "table", "number"],
                                               name="poker_session_once")]

    def __str__(self):
        return f"{self.table} {self.gaming_day} n° {self.number}"


class HandImport(models.Model):
    """One file of deals taken in, all or nothing: what it held, what was new, and the entry that records it."""

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+", verbose_name=_("casino"))
    name = models.CharField(_("fichier"), max_length=200)
    file_format = models.CharField(_("format"), max_length=12)  # ohh | pokerstars
    digest = models.CharField(_("empreinte"), max_length=64)  # SHA-256 of the deals' digests, in file order
    hands = models.PositiveIntegerField(_("mains lues"))
    created = models.PositiveIntegerField(_("mains nouvelles"))
    first_day = models.DateField(null=True)
    last_day = models.DateField(null=True)
    imported_at = models.DateTimeField()
    imported_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    entry = models.ForeignKey(Entry, on_delete=models.PROTECT, null=True, related_name="+")

    objects = scoped_queryset(casino="casino", jurisdiction="casino__jurisdiction").as_manager()

    class Meta:
        ordering = ["-imported_at"]
        verbose_name = _("import de mains")

    def __str__(self):
        return self.name


class PokerHand(models.Model):
    """One deal. In PostgreSQL its key is (casino, gaming_day, id) and it is unique by (casino, gaming_day, number):
    a partitioned table's keys hold its partition columns, and it refers to nothing by a foreign key (each would cost
    a lookup per deal at the COPY): the import writes what it checked, and registers_audit checks it again.
    Written by COPY only (registers/poker_room/imports.py)."""

    id = models.BigAutoField(primary_key=True)
    casino = models.ForeignKey(Casino, on_delete=models.DO_NOTHING, related_name="+", db_constraint=False)
    gaming_day = models.DateField(_("journée de jeu"))
    number = models.CharField(_("main"), max_length=60)
    table = models.CharField(_("table"), max_length=60)
    session = models.ForeignKey(PokerSession, on_delete=models.DO_NOTHING, related_name="+", db_constraint=False)
    started_at = models.DateTimeField(_("début"))
    players = models.PositiveSmallIntegerField(_("joueurs"))
    pot = models.DecimalField(_("pots"), **MONEY)
    rake = models.DecimalField(_("retenue recalculée"), **MONEY)
    rake_declared = models.DecimalField(_("retenue déclarée"), **MONEY)
    rake_legal = models.DecimalField(_("retenue maximale"), null=True, **MONEY)
    progressive = models.DecimalField(**MONEY)
    progressive_declared = models.DecimalField(**MONEY)
    bad_beat = models.DecimalField(**MONEY)
    bad_beat_declared = models.DecimalField(**MONEY)
    # the room's cash-outs (PokerStars' « cashed out the hand for $22.77 | Cash Out Fee $0.46 »): paid, and its fees
    cash_out = models.DecimalField(_("paiements anticipés"), default=0, **MONEY)
    cash_out_fee = models.DecimalField(_("frais de paiement anticipé"), default=0, **MONEY)
    flags = models.JSONField(default=list)  # the irregularities' codes, with their amounts in minor units
    data = models.JSONField()  # the deal, compactly
    digest = models.CharField(max_length=64)
    batch = models.ForeignKey(HandImport, on_delete=models.DO_NOTHING, related_name="+", db_constraint=False)

    objects = scoped_queryset(casino="casino", jurisdiction="casino__jurisdiction").as_manager()

    class Meta:
        db_table = "registers_pokerhand"  # partitioned: migration 0012 writes its SQL
        ordering = ["gaming_day", "started_at", "id"]
        verbose_name = _("main de poker")

    def __str__(self):
        return self.number


class Consignment(models.Model):
    """A stake of a player absent beyond the time the house allows, set aside in their name and still unclaimed at
    the end of the session: what art. 49-1 carries to the orphelins, which the reconciliation looks for there."""

    session = models.ForeignKey(PokerSession, on_delete=models.PROTECT, related_name="consignments")
    seat = models.PositiveSmallIntegerField(_("place"))
    player = models.CharField(_("joueur"), max_length=120)
    amount = models.DecimalField(_("montant"), **MONEY)
    consigned_at = models.DateTimeField()
    consigned_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    entry = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="+")

    objects = scoped_queryset(casino="session__casino", jurisdiction="session__casino__jurisdiction").as_manager()

    class Meta:
        ordering = ["consigned_at"]
        verbose_name = _("mise consignée")

    def __str__(self):
        return f"{self.player} {self.amount}"
