"""A poker table's séance closed, and a player's recave: the caisse de change counted at the close beside the one
counted at the opening (LU RGD 1979 art. 49-1, 49-3 al. 4, 49-7 al. 4: fixed at the opening « et ne peuvent plus être
modifiés avant la prochaine séance »), and each recave with the maximum the house rules in force set (art. 49-1:
« Le montant maximum de la recave est fixé par le règlement intérieur »). Each row is the image of its entry of the
cagnotte register (registers/poker_room/services.py)."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from compliance.models import Casino
from compliance.scoping import scoped_queryset

from .chain import Entry
from .poker_room import MONEY, PokerSession


class SeanceClose(models.Model):
    """A table's séance (its gaming day) closed: the caisse de change counted, the difference explained, by whom."""

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+", verbose_name=_("casino"))
    table = models.CharField(_("table"), max_length=60)
    gaming_day = models.DateField(_("journée de jeu"))
    caisse_opened = models.DecimalField(_("caisse de change à l'ouverture"), null=True, blank=True, **MONEY)
    caisse_counted = models.DecimalField(_("caisse de change à la fermeture"), **MONEY)
    explanation = models.TextField(_("explication de l'écart"), blank=True)
    closed_at = models.DateTimeField()
    closed_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    entry = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="+")

    objects = scoped_queryset(casino="casino", jurisdiction="casino__jurisdiction").as_manager()

    class Meta:
        ordering = ["gaming_day", "table"]
        verbose_name = _("fermeture d'une séance de poker")
        constraints = [models.UniqueConstraint(fields=["casino", "gaming_day", "table"],
                                               name="poker_seance_closed_once")]

    def __str__(self):
        return f"{self.table} {self.gaming_day}"

    @property
    def difference(self):
        return None if self.caisse_opened is None else self.caisse_counted - self.caisse_opened


class Rebuy(models.Model):
    """A player's recave at a session of the séance, between deals, with the maximum the house rules then set."""

    session = models.ForeignKey(PokerSession, on_delete=models.PROTECT, related_name="rebuys")
    seat = models.PositiveSmallIntegerField(_("place"))
    player = models.CharField(_("joueur"), max_length=120)
    amount = models.DecimalField(_("montant"), **MONEY)
    maximum = models.DecimalField(_("maximum du règlement intérieur"), null=True, blank=True, **MONEY)
    rebought_at = models.DateTimeField()
    recorded_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    entry = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="+")

    objects = scoped_queryset(casino="session__casino", jurisdiction="session__casino__jurisdiction").as_manager()

    class Meta:
        ordering = ["rebought_at"]
        verbose_name = _("recave")

    def __str__(self):
        return f"{self.player} {self.amount}"
