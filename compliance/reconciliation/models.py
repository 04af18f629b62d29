"""A casino's gaming day reconciled: its status and its findings, each with the rule it rests on, and what the casino
did about each (explained by the accounts, accepted by the management). The register keeps the evidence: each run that
changed something is an entry of the carnets spéciaux, each step of a finding's follow-up another; these rows are what
those entries say, laid out for the pages."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from compliance.models import Casino, JobRun
from compliance.scoping import scoped_queryset
from registers.models import Entry, TableSession

from .messages import MESSAGES, rendered


class Reconciliation(models.Model):
    class Status(models.TextChoices):
        COMPLIANT = "conforme", _("Conforme")
        FINDINGS = "constats", _("Constats")

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+", verbose_name=_("casino"))
    gaming_day = models.DateField(_("journée de jeu"))
    status = models.CharField(_("statut"), max_length=12, choices=Status.choices)
    fingerprint = models.CharField(_("empreinte des constats"), max_length=64)  # SHA-256 of their keys and amounts
    entry = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="+", verbose_name=_("écriture"))
    run_at = models.DateTimeField(_("rapprochée le"))
    run_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+",
                               verbose_name=_("par"))
    job = models.ForeignKey(JobRun, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")

    objects = scoped_queryset(casino="casino", jurisdiction="casino__jurisdiction").as_manager()

    class Meta:
        ordering = ["-gaming_day", "casino"]
        verbose_name = _("rapprochement")
        constraints = [models.UniqueConstraint(fields=["casino", "gaming_day"], name="reconciliation_once_a_day")]

    def __str__(self):
        return f"{self.casino.code} {self.gaming_day} {self.status}"


class Finding(models.Model):
    class Kind(models.TextChoices):
        SERIAL_GAP = "serie_trou", _("Trou dans la numérotation des bordereaux")
        SERIAL_DUPLICATE = "serie_doublon", _("Numéro de bordereau en double")
        NOT_CLOSED = "non_fermee", _("Table non fermée")
        INVENTORY = "inventaire", _("Inventaire d'ouverture ≠ fermeture précédente")
        FLOAT = "avance", _("Avance non reconstituée")
        DROP_MISSING = "drop_absent", _("Drop non compté")
        DROP = "drop", _("Drop non compté par deux personnes")
        HOLD = "hold", _("Hold hors de la bande attendue")
        COMMISSION = "commission", _("Commissions Pai Gow")
        POKER_CAP = "poker_plafond", _("Retenue au-delà du maximum légal")
        POKER_RAKE = "poker_retenue", _("Retenue déclarée ≠ retenue recalculée")
        POKER_COUNT = "poker_cagnotte", _("Retenues des mains ≠ cagnotte comptée")
        POKER_PROGRESSIVE = "poker_progressif", _("Incréments du jackpot progressif ≠ relevé")
        POKER_INCREMENTS = "poker_increments", _("Incréments déclarés ≠ incréments recalculés")
        POKER_BAD_BEAT = "poker_bad_beat", _("Incréments du bad beat jackpot ≠ registre")
        POKER_CARNET = "poker_carnet", _("Carnet de compte du bad beat ≠ retenues des mains")  # LU art. 49-14 al. 3
        POKER_ORPHELIN = "poker_orphelin", _("Mise consignée absente des orphelins")
        POKER_WINS = "poker_gains", _("Gains autres que ceux des cartes")
        POKER_RAISE = "poker_relance", _("Relance hors des limites de la version")
        POKER_VERSION = "poker_version", _("Main hors de la version ou des blinds de la séance")
        POKER_STACK = "poker_avoir", _("Avoir sous le minimum indiqué à la table")
        LEVY_LATE = "prelevement_retard", _("Prélèvement viré après son échéance")  # LU art. 88 (draft)
        LEVY_MISSING = "prelevement_manquant", _("Prélèvement non viré à son échéance")
        ARRETE = "arrete", _("Séance ouverte autrement que l'arrêté du Ministre ne le fixe")
        POKER_NOT_CLOSED = "poker_non_fermee", _("Séance de poker non fermée")  # LU art. 49-3 al. 4, 49-7 al. 4
        POKER_CAISSE = "poker_caisse", _("Caisse de change fermée sur un écart non expliqué")
        POKER_STACK_BREAK = "poker_tapis", _("Tapis diminué entre deux mains")  # QC art. 67.95; LU art. 49-1
        POKER_RECAVE = "poker_recave", _("Recave au-delà du maximum du règlement intérieur")  # LU art. 49-1
        # the direction's register (registers/direction): LU art. 51 § I al. 1, 52 al. 2, 18-6 al. 3 (draft)
        DIRECTION_ABSENT = "direction_absente", _("Jeux sans directeur ni remplaçant inscrit présent")
        DIRECTION_DAY = "direction_journee", _("Journée de jeu sans présence inscrite de la direction")
        UNDESIGNATED = "employe_non_designe", _("Acte fait par un employé non désigné par le directeur")
        PROGRESSIVE_LOT = "lot_progressif", _("Lot progressif affiché ≠ compte du lot")  # QC RJC art. 21.2
        # the notices the texts require displayed (registers/notices): their articles are the rule data's
        NOTICE_MISSING = "avis_non_affiche", _("Avis dû non affiché")

    class State(models.TextChoices):
        OPEN = "ouvert", _("Ouvert")
        EXPLAINED = "explique", _("Expliqué")
        ACCEPTED = "accepte", _("Accepté")
        LIFTED = "leve", _("Levé")  # a later run no longer finds it

    reconciliation = models.ForeignKey(Reconciliation, on_delete=models.PROTECT, related_name="findings")
    key = models.CharField(_("clé"), max_length=120)  # stable from run to run: "avance:HC-01:1"
    kind = models.CharField(_("nature"), max_length=20, choices=Kind.choices)
    table = models.CharField(_("table"), max_length=20, blank=True)
    session = models.ForeignKey(TableSession, on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    citation = models.CharField(_("règle"), max_length=300)
    amount = models.DecimalField(_("écart"), max_digits=16, decimal_places=2, null=True, blank=True)
    currency = models.CharField(_("devise"), max_length=3)
    message = models.TextField(_("constat"))  # in French, as the register writes it
    params = models.JSONField(default=dict)  # the message's values, for its translation
    state = models.CharField(_("état"), max_length=10, choices=State.choices, default=State.OPEN)
    entry = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="+")  # the run that found it
    explanation = models.TextField(_("explication"), blank=True)
    explained_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True,
                                     related_name="+")
    explained_at = models.DateTimeField(null=True, blank=True)
    accepted_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True,
                                    related_name="+")
    accepted_at = models.DateTimeField(null=True, blank=True)
    lifted_at = models.DateTimeField(null=True, blank=True)

    objects = scoped_queryset(casino="reconciliation__casino",
                              jurisdiction="reconciliation__casino__jurisdiction").as_manager()

    class Meta:
        ordering = ["reconciliation", "kind", "table", "key", "id"]
        verbose_name = _("constat")
        constraints = [
            # a finding lifted and found again is a new one: its old explanation explained another amount
            models.UniqueConstraint(fields=["reconciliation", "key"], condition=~Q(state="leve"),
                                    name="finding_key_once_standing"),
            models.CheckConstraint(condition=Q(state="ouvert") | Q(state="leve") | ~Q(explanation=""),
                                   name="finding_explained_has_its_text"),
            models.CheckConstraint(condition=~Q(state="accepte") | Q(accepted_by__isnull=False),
                                   name="finding_accepted_by_someone"),
        ]

    def __str__(self):
        return self.key

    @property
    def text(self) -> str:
        """The finding in the reader's language, from the template it was written with."""
        return rendered(self.kind, self.params, casino=self.reconciliation.casino) if self.kind in MESSAGES \
            else self.message

    @property
    def message_en(self) -> str:
        return rendered(self.kind, self.params, "en", casino=self.reconciliation.casino)
