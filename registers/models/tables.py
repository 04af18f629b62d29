"""Table games: the tables of a casino, their sessions and the slips of each session (LU RGD 1979 art. 9, 21, 37-9
to 37-18, 97-1; QC RJC art. 9, 111, 116).

The evidence is the chain: every slip is recorded by an entry of the carnet d'avances (openings, closings, fills,
credits, voids) or of the carnets spéciaux (drop counts), one entry per slip filed by hand, one per imported file
(its payload holds the digest of the file's slips). These rows are what the entries say, laid out for the sums of
win and hold; PostgreSQL refuses to change or delete them (migration 0010), as it does the entries.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from compliance.models import Casino
from compliance.scoping import scoped_queryset
from games.models import Game

from .chain import Entry


class GamingTable(models.Model):
    """A table of the casino's gaming rooms: its game, its number, its pit. Its limits belong to each session."""

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="tables", verbose_name=_("casino"))
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="+", verbose_name=_("jeu"))
    number = models.CharField(_("table"), max_length=20)
    pit = models.CharField(_("îlot"), max_length=40)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = scoped_queryset(casino="casino", jurisdiction="casino__jurisdiction").as_manager()

    class Meta:
        ordering = ["casino", "pit", "number"]
        verbose_name = _("table de jeu")
        constraints = [models.UniqueConstraint(fields=["casino", "number"], name="table_number_once")]

    def __str__(self):
        return f"{self.casino.code}/{self.number}"


class BankMode(models.TextChoices):
    AVANCE = "avance", _("Avance fixe reconstituée à la fermeture")  # LU RGD 1979 art. 9, 21, 37-9
    INVENTAIRE = "inventaire", _("Inventaire compté à l'ouverture et à la fermeture")


class TableSession(models.Model):
    """A table opened for play by named people, with the limits displayed (QC RJC art. 9; LU art. 37-11, 37-17) and
    the way its bank is kept. Closed by its closing slip; changing the Bataille minimum closes it (art. 37-17)."""

    table = models.ForeignKey(GamingTable, on_delete=models.PROTECT, related_name="sessions")
    gaming_day = models.DateField(_("journée de jeu"))
    number = models.PositiveSmallIntegerField(_("séance"))  # 1, 2 … within the table's gaming day
    bank_mode = models.CharField(_("tenue de la banque"), max_length=12, choices=BankMode.choices)
    float_amount = models.DecimalField(_("avance"), max_digits=14, decimal_places=2, null=True, blank=True)
    minimum = models.DecimalField(_("mise minimale"), max_digits=12, decimal_places=2)
    maximum = models.DecimalField(_("mise maximale"), max_digits=12, decimal_places=2)
    maximum_per = models.CharField(_("maximum par"), max_length=20)  # main | emplacement | case | mise
    limits_citation = models.CharField(max_length=200)
    # each betting spot's or side bet's limits, {bet: {"minimum", "maximum"}} (QC RJC art. 67.74, 67.87; LU art. 37-9,
    # 37-13, 37-16), and the options the table indicates, {option: true or the number chosen} (QC RJC art. 18.1 …
    # 72.1), as the opening set them; a change during the séance is a TableLimitChange of its own
    spots = models.JSONField(_("limites des mises"), default=dict, db_default={}, blank=True)  # a COPY's default too
    options = models.JSONField(_("options offertes"), default=dict, db_default={}, blank=True)
    opened_at = models.DateTimeField()
    entry = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="+")  # the opening's entry

    objects = scoped_queryset(casino="table__casino", jurisdiction="table__casino__jurisdiction").as_manager()

    class Meta:
        ordering = ["table", "gaming_day", "number"]
        verbose_name = _("séance de table")
        constraints = [
            models.UniqueConstraint(fields=["table", "gaming_day", "number"], name="tablesession_once"),
            models.CheckConstraint(condition=Q(minimum__gt=0) & Q(maximum__gte=models.F("minimum")),
                                   name="tablesession_limits"),
            models.CheckConstraint(condition=Q(bank_mode="inventaire", float_amount__isnull=True)
                                   | Q(bank_mode="avance", float_amount__gt=0), name="tablesession_bank_mode"),
        ]

    def __str__(self):
        return f"{self.table} {self.gaming_day} #{self.number}"


class TableLimitChange(models.Model):
    """A change of a session's limits during the séance (LU RGD 1979 art. 37-11, 37-17; QC RJC art. 9): the table's own
    limits (`spot` blank) or a betting spot's, the new minimum and maximum, when it took effect and who decided it, the
    new limits indicated at the table, cited to the game's article; an entry of the carnet d'avances."""

    session = models.ForeignKey(TableSession, on_delete=models.PROTECT, related_name="limit_changes")
    spot = models.CharField(_("mise"), max_length=40, blank=True)
    minimum = models.DecimalField(_("mise minimale"), max_digits=12, decimal_places=2)
    maximum = models.DecimalField(_("mise maximale"), max_digits=12, decimal_places=2)
    changed_at = models.DateTimeField(_("heure du changement"))
    decided_by = models.CharField(_("décidé par"), max_length=120)
    citation = models.CharField(max_length=200)
    entry = models.OneToOneField(Entry, on_delete=models.PROTECT, related_name="+")

    objects = scoped_queryset(casino="session__table__casino",
                              jurisdiction="session__table__casino__jurisdiction").as_manager()

    class Meta:
        ordering = ["session", "changed_at", "id"]
        verbose_name = _("changement des limites")
        constraints = [models.CheckConstraint(condition=Q(minimum__gt=0) & Q(maximum__gte=models.F("minimum")),
                                              name="tablelimitchange_limits")]

    def __str__(self):
        return f"{self.session} {self.spot or 'table'} {self.minimum}-{self.maximum}"


class SlipKind(models.TextChoices):
    OPENING = "ouverture", _("Inventaire d'ouverture")
    FILL = "approvisionnement", _("Approvisionnement")
    CREDIT = "credit", _("Crédit")
    CLOSING = "fermeture", _("Inventaire de fermeture")
    DROP = "drop", _("Comptage du drop")
    COMMISSION = "commission", _("Commissions perçues")  # Pai Gow, QC RJC art. 111


NUMBERED = (SlipKind.FILL, SlipKind.CREDIT)  # serial numbers without gaps per casino and year
ONCE_PER_SESSION = (SlipKind.OPENING, SlipKind.CLOSING, SlipKind.DROP)


class Slip(models.Model):
    """One slip: its amount in the casino's currency and by denomination ({"25": 40, "100": 10}), the people who
    signed it by their role ({"caissier": "…", "porteur": "…"}), the entry that recorded it."""

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    session = models.ForeignKey(TableSession, on_delete=models.PROTECT, related_name="slips")
    gaming_day = models.DateField(_("journée de jeu"))
    kind = models.CharField(_("nature"), max_length=20, choices=SlipKind.choices)
    year = models.PositiveSmallIntegerField(null=True, blank=True)
    serial = models.PositiveIntegerField(_("n° de série"), null=True, blank=True)
    amount = models.DecimalField(_("montant"), max_digits=14, decimal_places=2)
    denominations = models.JSONField(default=dict)
    signatures = models.JSONField(default=dict)
    details = models.JSONField(default=dict)  # Pai Gow: the rounds, their bank and winning bets
    recorded_at = models.DateTimeField()
    entry = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="slips")
    # a drop counted again after its count was voided: the count it replaces
    replaces = models.OneToOneField("self", on_delete=models.PROTECT, null=True, blank=True,
                                    related_name="replaced_by")

    objects = scoped_queryset(casino="casino", jurisdiction="casino__jurisdiction").as_manager()

    class Meta:
        ordering = ["gaming_day", "id"]
        verbose_name = _("bordereau")
        constraints = [
            models.UniqueConstraint(fields=["casino", "year", "serial"], condition=Q(serial__isnull=False),
                                    name="slip_serial_once"),
            models.CheckConstraint(condition=Q(amount__gte=0), name="slip_amount_not_negative"),
            models.CheckConstraint(
                condition=(Q(kind__in=NUMBERED, serial__gte=1, year__isnull=False)
                           | (~Q(kind__in=NUMBERED) & Q(serial__isnull=True, year__isnull=True))),
                name="slip_numbered_kinds"),
            models.UniqueConstraint(fields=["session", "kind"],
                                    condition=Q(kind__in=ONCE_PER_SESSION, replaces__isnull=True),
                                    name="slip_one_per_session"),
            models.CheckConstraint(condition=Q(replaces__isnull=True) | Q(kind="drop"),
                                   name="slip_only_drop_recounted"),
        ]
        indexes = [models.Index(fields=["casino", "gaming_day"], name="slip_casino_day"),
                   models.Index(fields=["session", "kind"], name="slip_session_kind")]

    def __str__(self):
        return f"{self.kind} {self.serial or ''} {self.amount}"


class SlipVoid(models.Model):
    """A fill, a credit or a drop count voided, with its reason, by two people (the entry's actor and countersigner);
    a voided drop is counted again."""

    slip = models.OneToOneField(Slip, on_delete=models.PROTECT, related_name="void")
    reason = models.CharField(_("motif"), max_length=500)
    entry = models.OneToOneField(Entry, on_delete=models.PROTECT, related_name="+")
    voided_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")

    objects = scoped_queryset(casino="slip__casino", jurisdiction="slip__casino__jurisdiction").as_manager()

    def __str__(self):
        return f"void {self.slip_id}"
