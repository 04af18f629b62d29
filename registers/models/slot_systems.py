"""The casino's slot management systems (the machines' back-end) and their idempotent requests.

A slot system debits bets from and credits wins to electronic gaming cards (LU RGD 1979 art. 3-4 1) to 3)).
It acts in the `cartes` register as a dedicated user of its casino who cannot sign in, and authenticates
with a key of its own (only its SHA-256 is kept). Each debit or credit carries an idempotency key: the first
answer given for a key is kept here and given again to a retry (registers/cards/slot_system/services.py).
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from compliance.models import Casino
from compliance.scoping import scoped_queryset

DEFAULT_RATE_PER_MINUTE = 6000


class SlotSystem(models.Model):
    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="slot_systems", verbose_name=_("casino"))
    name = models.CharField(_("nom"), max_length=120)
    active = models.BooleanField(_("actif"), default=True)
    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="slot_system",
                                verbose_name=_("utilisateur inscrit au registre"))
    key_hash = models.CharField(max_length=64, unique=True)  # SHA-256 of the key, hex; the key is shown once
    rate_per_minute = models.PositiveIntegerField(_("requêtes par minute"), default=DEFAULT_RATE_PER_MINUTE)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    objects = scoped_queryset(casino="casino", jurisdiction="casino__jurisdiction").as_manager()

    class Meta:
        ordering = ["casino", "name"]
        verbose_name = _("système de gestion des machines à sous")
        constraints = [
            models.UniqueConstraint(fields=["casino", "name"], name="slotsystem_unique_name"),
            models.CheckConstraint(condition=Q(rate_per_minute__gte=1), name="slotsystem_rate_positive"),
        ]

    def __str__(self):
        return f"{self.casino.code}/{self.name}"


class SlotRequest(models.Model):
    """One idempotency key of a slot system and the answer it got. The row is inserted before the operation
    runs, in the same transaction, so a concurrent request with the same key waits on the unique index."""

    # indexed by the unique (system, key) below, which leads with it (migration 0025)
    slot_system = models.ForeignKey(SlotSystem, on_delete=models.PROTECT, related_name="requests", db_index=False)
    key = models.CharField(max_length=200)
    operation = models.CharField(max_length=20)  # debit | credit
    body_sha256 = models.CharField(max_length=64)
    status_code = models.PositiveSmallIntegerField(null=True)  # null only inside the transaction that answers
    response = models.JSONField(null=True)
    entry = models.ForeignKey("registers.Entry", on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    objects = scoped_queryset(casino="slot_system__casino",
                              jurisdiction="slot_system__casino__jurisdiction").as_manager()

    class Meta:
        ordering = ["created_at"]
        constraints = [models.UniqueConstraint(fields=["slot_system", "key"], name="slotrequest_unique_key")]

    def __str__(self):
        return f"{self.slot_system_id}:{self.key} → {self.status_code}"
