"""The lists a casino's management keeps, from which the forms offer their choices instead of free text: its cash
desks and poker tables (`Station`), and the chips and banknotes of its currency the counts are made of
(`Denomination`). An item is retired, never deleted: the entries that named it keep their name."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from compliance.models import Casino
from compliance.scoping import scoped_queryset


class StationKind(models.TextChoices):
    DESK = "caisse", _("Caisse")
    POKER_TABLE = "table_poker", _("Table de poker")


class Station(models.Model):
    """A cash desk (« Caisse 1 ») or a poker table (« TH-1 ») of the casino, by the name the entries give it."""

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="stations", verbose_name=_("casino"))
    kind = models.CharField(_("nature"), max_length=12, choices=StationKind.choices)
    name = models.CharField(_("nom"), max_length=60)
    game = models.CharField(_("jeu"), max_length=60, blank=True)  # a poker table's game, as the house names it
    active = models.BooleanField(_("en service"), default=True)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = scoped_queryset(casino="casino", jurisdiction="casino__jurisdiction").as_manager()

    class Meta:
        ordering = ["casino", "kind", "name"]
        verbose_name = _("caisse ou table de la maison")
        constraints = [models.UniqueConstraint(fields=["casino", "kind", "name"], name="station_name_once")]

    def __str__(self):
        return self.name


class DenominationKind(models.TextChoices):
    CHIP = "jeton", _("Jeton")
    BANKNOTE = "billet", _("Billet")


class Denomination(models.Model):
    """A chip or a banknote of the casino's currency: one row of the counting grid of an inventory, a fill, a
    credit or a drop."""

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="denominations",
                               verbose_name=_("casino"))
    value = models.DecimalField(_("valeur"), max_digits=14, decimal_places=2)
    kind = models.CharField(_("nature"), max_length=8, choices=DenominationKind.choices)
    active = models.BooleanField(_("en service"), default=True)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = scoped_queryset(casino="casino", jurisdiction="casino__jurisdiction").as_manager()

    class Meta:
        ordering = ["casino", "-value", "kind"]
        verbose_name = _("coupure")
        constraints = [models.UniqueConstraint(fields=["casino", "value", "kind"], name="denomination_once")]

    def __str__(self):
        return f"{self.value} ({self.kind})"
