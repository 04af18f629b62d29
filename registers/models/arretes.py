"""The values the texts leave to an arrêté du Ministre des Finances (a table's float, its minimum and maximum, the poker
room's retention rate …), as the casino's management files them: each with the reference of the arrêté as typed, the
day it takes effect and the article of the texts that delegates it (registers/arretes). Append-only: a new version is
a new row, the one in force on a day the latest effective on or before it (PostgreSQL refuses UPDATE and DELETE)."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from compliance.models import Casino
from compliance.scoping import scoped_queryset


class ArreteValue(models.Model):
    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="arrete_values",
                               verbose_name=_("casino"))
    # the concept of the jurisdiction's profile, « <jeu>.<mesure> » (« uth.maximum »), and the game it concerns
    concept = models.CharField(_("valeur"), max_length=80)
    game = models.CharField(_("jeu"), max_length=60)
    value = models.DecimalField(_("montant ou taux"), max_digits=16, decimal_places=4)
    effective_from = models.DateField(_("en vigueur le"))
    reference = models.CharField(_("référence de l'arrêté"), max_length=200)  # as the manager types it
    citation = models.CharField(_("article qui renvoie à l'arrêté"), max_length=300)  # from the rule data
    filed_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    filed_at = models.DateTimeField(auto_now_add=True)

    objects = scoped_queryset(casino="casino", jurisdiction="casino__jurisdiction").as_manager()

    class Meta:
        ordering = ["casino", "concept", "effective_from", "pk"]
        verbose_name = _("valeur fixée par arrêté")
        constraints = [
            models.CheckConstraint(condition=Q(value__gt=0), name="arretevalue_positive"),
            # a new version takes effect another day: the one in force on a day is never in doubt
            models.UniqueConstraint(fields=["casino", "concept", "effective_from"], name="arretevalue_one_a_day"),
        ]

    def __str__(self):
        return f"{self.concept} {self.value} ({self.reference})"
