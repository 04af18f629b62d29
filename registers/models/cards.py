"""Electronic gaming cards (LU RGD 1979 art. 3-1 to 3-4): clients, the system's certificate, cards, transfers
and movements. PostgreSQL holds the limits (migrations 0003 to 0005)."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from compliance.models import Casino
from compliance.scoping import scoped_queryset

from .chain import Entry


class Client(models.Model):
    """A player whose identity the casino verified (LU RGD 1979 art. 3-3: identification and AML)."""

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="clients")
    last_name = models.CharField(_("nom"), max_length=120)
    first_name = models.CharField(_("prénom"), max_length=120)
    birth_date = models.DateField(_("date de naissance"))
    id_document_type = models.CharField(_("pièce d'identité"), max_length=40)
    id_document_number = models.CharField(_("numéro de la pièce"), max_length=60)
    verified_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    verified_at = models.DateTimeField(_("vérifiée le"))

    objects = scoped_queryset(casino="casino", jurisdiction="casino__jurisdiction").as_manager()

    class Meta:
        ordering = ["last_name", "first_name"]
        constraints = [models.UniqueConstraint(fields=["casino", "id_document_type", "id_document_number"],
                                               name="client_one_identity")]

    def __str__(self):
        return f"{self.last_name.upper()} {self.first_name}"


class CardSystemCertificate(models.Model):
    """The supplier's certificate of conformity of the card system (art. 3-2): no card is issued without one."""

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="card_certificates")
    supplier = models.CharField(_("fournisseur"), max_length=200)
    reference = models.CharField(_("référence du certificat"), max_length=120)
    issued_on = models.DateField(_("délivré le"))
    recorded_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    recorded_at = models.DateTimeField(auto_now_add=True)

    objects = scoped_queryset(casino="casino", jurisdiction="casino__jurisdiction").as_manager()

    class Meta:
        ordering = ["-issued_on"]

    def __str__(self):
        return f"{self.supplier} {self.reference}"


class CardKind(models.TextChoices):
    NOMINATIVE = "nominative", _("Nominative")
    JOURNALIERE = "journaliere", _("Journalière non nominative")


class CardStatus(models.TextChoices):
    ACTIVE = "active", _("Active")
    BLOCKED = "blocked", _("Bloquée")
    LOST = "lost", _("Perdue")
    FOUND = "found", _("Trouvée")
    EXPIRED = "expired", _("Expirée")
    CLOSED = "closed", _("Clôturée")


class Card(models.Model):
    """An electronic gaming card. PostgreSQL holds its limits (migrations 0004, 0009): the balance stays between
    0 and the cap the rule data gave at issue (art. 3-1 6), 7)); the cap, kind, client, casino and slot never
    change; a client is attributed at most the nominative cards the rule data allowed at issue (art. 3-1 7)): each
    takes a slot from 1 to that number, held until the card is closed (blocked, lost or found, it still counts)."""

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="cards")
    number = models.CharField(_("numéro"), max_length=32, unique=True)
    kind = models.CharField(_("type"), max_length=20, choices=CardKind.choices)
    client = models.ForeignKey(Client, on_delete=models.PROTECT, null=True, blank=True, related_name="cards")
    slot = models.PositiveSmallIntegerField(null=True, blank=True)
    # the most nominative cards a client may be attributed, as the rule data gave it at issue (art. 3-1 7))
    slots = models.PositiveSmallIntegerField(null=True, blank=True)
    status = models.CharField(_("statut"), max_length=20, choices=CardStatus.choices, default=CardStatus.ACTIVE)
    cap = models.DecimalField(_("plafond"), max_digits=10, decimal_places=2)
    balance = models.DecimalField(_("solde"), max_digits=10, decimal_places=2, default=0)
    mention = models.CharField(_("mention imprimée"), max_length=200)
    gaming_day = models.DateField(_("journée d'émission"))
    issued_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    issued_at = models.DateTimeField(auto_now_add=True)
    found_on = models.DateField(_("trouvée le"), null=True, blank=True)
    # the last gaming day it moved on, kept with its balance (migration 0018): a day's statement reads only the cards
    # that hold a balance or moved since
    moved_on = models.DateField(null=True, blank=True, editable=False)

    objects = scoped_queryset(casino="casino", jurisdiction="casino__jurisdiction").as_manager()

    class Meta:
        ordering = ["number"]
        constraints = [
            models.CheckConstraint(condition=Q(balance__gte=0) & Q(balance__lte=models.F("cap")),
                                   name="card_balance_within_cap"),
            models.CheckConstraint(
                condition=(Q(kind="nominative", client__isnull=False, slot__gte=1, slot__lte=models.F("slots"))
                           | Q(kind="journaliere", client__isnull=True, slot__isnull=True, slots__isnull=True)),
                name="card_kind_consistent"),
            models.UniqueConstraint(fields=["client", "slot"], condition=~Q(status="closed"),
                                    name="card_slot_held_until_closed"),
            models.UniqueConstraint(fields=["id", "client"], name="card_id_client"),  # target of transfer FKs
        ]

    def __str__(self):
        return self.number


class CardTransfer(models.Model):
    """A transfer between two cards of one client (art. 3-1 8)): both cards are tied to the same `client`
    column by two composite foreign keys to (card id, client) — PostgreSQL refuses any other pair."""

    from_card = models.ForeignKey(Card, on_delete=models.PROTECT, related_name="+")
    to_card = models.ForeignKey(Card, on_delete=models.PROTECT, related_name="+")
    client = models.ForeignKey(Client, on_delete=models.PROTECT, related_name="transfers")
    amount = models.DecimalField(max_digits=10, decimal_places=2)
    entry = models.OneToOneField(Entry, on_delete=models.PROTECT, related_name="transfer")

    objects = scoped_queryset(casino="client__casino", jurisdiction="client__casino__jurisdiction").as_manager()

    class Meta:
        constraints = [
            models.CheckConstraint(condition=Q(amount__gt=0), name="transfer_positive"),
            models.CheckConstraint(condition=~Q(from_card=models.F("to_card")), name="transfer_two_cards"),
        ]

    def __str__(self):
        return f"{self.from_card_id} → {self.to_card_id} {self.amount}"


class CardMovement(models.Model):
    """One card's share of a ledger entry, written with it: PostgreSQL (migration 0005) holds that each
    movement continues the card's running balance and that the card's balance is its last movement's."""

    entry = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="card_movements")
    card = models.ForeignKey(Card, on_delete=models.PROTECT, related_name="movements")
    # the card's casino: with the gaming day, where the movement is kept (partitioned by casino then year, 0017)
    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+")
    kind = models.CharField(max_length=60)
    gaming_day = models.DateField()
    delta = models.DecimalField(max_digits=10, decimal_places=2)
    balance_after = models.DecimalField(max_digits=10, decimal_places=2)

    objects = scoped_queryset(casino="card__casino", jurisdiction="card__casino__jurisdiction").as_manager()

    class Meta:
        ordering = ["id"]
        constraints = [models.UniqueConstraint(fields=["entry", "card"], name="cardmovement_one_per_entry")]
        indexes = [models.Index(fields=["casino", "card", "-id"], name="cardmovement_card_last"),
                   models.Index(fields=["gaming_day", "card"], name="cardmovement_day")]

    def __str__(self):
        return f"{self.card_id} {self.delta:+}"


class ArchivedBalance(models.Model):
    """A card's last movement in a year its casino archived: the balance its next movement continues when no live
    movement follows it (migration 0027)."""

    card = models.ForeignKey(Card, on_delete=models.PROTECT, related_name="+")
    year = models.PositiveSmallIntegerField()
    movement_id = models.BigIntegerField()
    balance_after = models.DecimalField(max_digits=10, decimal_places=2)

    objects = scoped_queryset(casino="card__casino", jurisdiction="card__casino__jurisdiction").as_manager()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["card", "year"], name="archivedbalance_card_year")]

    def __str__(self):
        return f"{self.card_id} {self.balance_after} ({self.year})"
