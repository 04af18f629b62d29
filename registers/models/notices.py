"""The notices the texts require a casino to display (LU RGD 1979 art. 74 as the draft replaces it, 3-4 11), 49-13;
QC RJC art. 67.91, 67.108 …), as the casino's management posts and withdraws them (registers/notices): each posting and
each withdrawal a row with its day, so that what was displayed on any day is read back. A posting keeps the notice's
text as it was posted (its sections, citations and the casino's own words) and its SHA-256. Append-only: PostgreSQL
refuses UPDATE and DELETE; a withdrawal is a new row naming the posting."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from compliance.models import Casino
from compliance.scoping import scoped_queryset


class NoticeEvent(models.Model):
    class Action(models.TextChoices):
        POSTED = "pose", _("Affichage")
        WITHDRAWN = "retrait", _("Retrait")

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="notice_events",
                               verbose_name=_("casino"))
    action = models.CharField(_("mouvement"), max_length=10, choices=Action.choices)
    kind = models.CharField(_("avis"), max_length=60)  # registers/notices/catalogue.py: a key is never renamed
    place = models.CharField(_("emplacement"), max_length=120)
    day = models.DateField(_("jour"))
    size = models.CharField(_("format"), max_length=2, default="A4")  # the poster's paper: A4 or A3
    # the posting's text as displayed: {"title", "citation", "sections": [{"title", "lines", "citation", "own"}]}
    content = models.JSONField(_("texte affiché"), default=dict, blank=True)
    digest = models.CharField(_("empreinte SHA-256"), max_length=64, blank=True)
    posting = models.ForeignKey("self", on_delete=models.PROTECT, null=True, blank=True, related_name="withdrawals",
                                verbose_name=_("affichage retiré"))
    reason = models.CharField(_("motif du retrait"), max_length=300, blank=True)
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    recorded_at = models.DateTimeField(auto_now_add=True)

    objects = scoped_queryset(casino="casino", jurisdiction="casino__jurisdiction").as_manager()

    class Meta:
        ordering = ["casino", "day", "pk"]
        verbose_name = _("affichage")
        constraints = [
            models.CheckConstraint(condition=Q(action="pose", posting__isnull=True, size__in=("A4", "A3"))
                                   | Q(action="retrait", posting__isnull=False), name="noticeevent_shape"),
            # a posting is withdrawn once
            models.UniqueConstraint(fields=["posting"], condition=Q(action="retrait"),
                                    name="noticeevent_one_withdrawal"),
        ]

    def __str__(self):
        return f"{self.kind} {self.action} {self.day} ({self.place})"
