"""Approval requests and notices a casino files with its regulator, and their review: the request as filed (its
items never change once filed), each step of its life by a named person (compliance/approvals/workflow.py), each
finding of the automatic checks or of the regulator, and the documents attached. Steps, findings and attachments are
append-only, in the database as the registers are: an answer or a second run of the checks adds rows."""

from django.conf import settings
from django.db import models
from django.utils.functional import cached_property
from django.utils.translation import gettext_lazy as _

from compliance.models import Casino
from compliance.scoping import scoped_queryset
from registers.models import Entry

from . import workflow

STATE_LABELS = {
    workflow.DRAFT: _("Brouillon"),
    workflow.FILED: _("Déposée"),
    workflow.CHECKING: _("Contrôles automatiques"),
    workflow.REVIEW: _("En examen"),
    workflow.INFORMATION: _("Complément demandé"),
    workflow.APPROVED: _("Approuvée"),
    workflow.CONDITIONAL: _("Approuvée sous conditions"),
    workflow.REFUSED: _("Refusée"),
    workflow.WITHDRAWN: _("Retirée"),
    workflow.SUPERSEDED: _("Remplacée"),
    workflow.REVOKED: _("Révoquée"),
    workflow.FAVOURABLE: _("Avis favorable"),
    workflow.UNFAVOURABLE: _("Avis défavorable"),
    workflow.ACKNOWLEDGED: _("Réception accusée"),
    workflow.OBJECTED: _("Objection de l'autorité"),
}


class ApprovalRequest(models.Model):
    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+", verbose_name=_("casino"))
    reference = models.CharField(_("référence"), max_length=40, unique=True)  # "LM-2026-0007"
    kind = models.CharField(_("nature"), max_length=40)  # a key of compliance.approvals.kinds.KINDS
    subject = models.CharField(_("objet"), max_length=120)  # what an approval covers: a pay table, a game, a machine
    title = models.CharField(_("intitulé"), max_length=200)
    items = models.JSONField(_("éléments"), default=dict)  # the form's values, as filed
    state = models.CharField(_("état"), max_length=24, choices=list(STATE_LABELS.items()), default=workflow.DRAFT)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+",
                                   verbose_name=_("créée par"))
    created_at = models.DateTimeField(_("créée le"))
    filed_at = models.DateTimeField(_("déposée le"), null=True, blank=True)
    due_on = models.DateField(_("échéance"), null=True, blank=True)  # the date a notice must precede, say
    decided_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True,
                                   related_name="+", verbose_name=_("décidée par"))
    decided_at = models.DateTimeField(_("décidée le"), null=True, blank=True)
    effective_from = models.DateField(_("en vigueur à partir du"), null=True, blank=True)
    conditions = models.TextField(_("conditions"), blank=True)
    # the day it stops being in force: its successor's effective date, or its revocation's day
    ended_on = models.DateField(_("en vigueur jusqu'au"), null=True, blank=True)
    supersedes = models.ForeignKey("self", on_delete=models.PROTECT, null=True, blank=True, related_name="+",
                                   verbose_name=_("remplace"))
    letter = models.ForeignKey("reports.Report", on_delete=models.PROTECT, null=True, blank=True, related_name="+",
                               verbose_name=_("lettre de décision"))  # signed by the authority (compliance/reports)

    objects = scoped_queryset(casino="casino", jurisdiction="casino__jurisdiction").as_manager()

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("demande d'approbation")
        indexes = [models.Index(fields=["casino", "kind", "subject", "state"])]

    def __str__(self):
        return f"{self.reference} {self.kind} {self.state}"

    @property
    def state_label(self) -> str:
        return str(STATE_LABELS[self.state])

    @cached_property
    def filed_by_id(self) -> int | None:
        """Who filed it (its « déposer » step): the person the two-person rule keeps from deciding it
        (compliance/two_person.py)."""
        if self.pk is None:
            return None
        return (RequestStep.objects.filter(request_id=self.pk, transition=workflow.FILE.name)
                .order_by("at", "pk").values_list("actor_id", flat=True).first())


class RequestStep(models.Model):
    """One transition of the request, by a named person, and the register entry that keeps it."""

    request = models.ForeignKey(ApprovalRequest, on_delete=models.PROTECT, related_name="steps")
    transition = models.CharField(_("étape"), max_length=40)
    from_state = models.CharField(_("de"), max_length=24)
    to_state = models.CharField(_("vers"), max_length=24)
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+",
                              verbose_name=_("par"))
    at = models.DateTimeField(_("le"))
    note = models.TextField(_("motif"), blank=True)
    items = models.JSONField(_("éléments apportés"), default=dict, blank=True)  # an answer's additions
    entry = models.ForeignKey(Entry, on_delete=models.PROTECT, null=True, blank=True, related_name="+",
                              verbose_name=_("écriture"))

    class Meta:
        ordering = ["at", "pk"]
        verbose_name = _("étape d'une demande")

    def __str__(self):
        return f"{self.transition} {self.from_state}→{self.to_state}"


class RequestFinding(models.Model):
    """What a check found, or what the regulator notes: the rule, the value found beside the value required."""

    class Severity(models.TextChoices):
        BLOCKING = "bloquant", _("Bloquant")
        WARNING = "avertissement", _("Avertissement")
        INFO = "information", _("Information")

    class Source(models.TextChoices):
        CHECK = "controle", _("Contrôle automatique")
        REGULATOR = "autorite", _("Autorité")

    REGULATOR_CODE = "autorite"  # the code of every finding the regulator adds
    request = models.ForeignKey(ApprovalRequest, on_delete=models.PROTECT, related_name="findings")
    run = models.PositiveIntegerField(_("contrôle n°"))  # the checks run again on each answer: the last run counts
    source = models.CharField(_("origine"), max_length=12, choices=Source.choices)
    code = models.CharField(_("code"), max_length=60)
    citation = models.CharField(_("règle"), max_length=300)
    found = models.CharField(_("valeur trouvée"), max_length=300, blank=True)
    required = models.CharField(_("valeur requise"), max_length=300, blank=True)
    severity = models.CharField(_("gravité"), max_length=16, choices=Severity.choices)
    message_fr = models.TextField(_("constat"))
    message_en = models.TextField(_("constat (anglais)"))
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True,
                               related_name="+", verbose_name=_("auteur"))
    at = models.DateTimeField(_("le"))

    class Meta:
        ordering = ["run", "pk"]
        verbose_name = _("constat d'une demande")

    def __str__(self):
        return f"{self.code} {self.severity}"


class RequestAttachment(models.Model):
    """A document filed with the request or with an answer, kept whole with its digest."""

    request = models.ForeignKey(ApprovalRequest, on_delete=models.PROTECT, related_name="attachments")
    item = models.CharField(_("élément"), max_length=60)  # the required item it answers, a key of the kind's items
    filename = models.CharField(_("fichier"), max_length=200)
    content = models.BinaryField(_("contenu"))
    sha256 = models.CharField(_("empreinte"), max_length=64)
    size = models.PositiveIntegerField(_("taille"))
    uploaded_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+",
                                    verbose_name=_("déposé par"))
    at = models.DateTimeField(_("le"))

    class Meta:
        ordering = ["at", "pk"]
        verbose_name = _("pièce jointe")

    def __str__(self):
        return f"{self.item} {self.filename}"


class WheelPublication(models.Model):
    """A wheel of fortune's configuration as the casino made it public (QC RJC art. 120: « Le mode d'attribution des
    lots ainsi que les lots à gagner doivent être accessibles au public à chaque table de roue de fortune »): its
    segments as declared and each bet's return, at the moment Vigie put it on the casino's public page (never typed).
    Append-only: a new configuration is a new publication."""

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="+", verbose_name=_("casino"))
    segments = models.TextField(_("parties de la roue"))  # as declared, « symbole ; nombre de parties ; cote »
    report = models.JSONField(_("retour de chaque mise"))  # games.rtp.selectors.wheel_report, as computed then
    citation = models.CharField(_("règle"), max_length=300)  # the publication's article, as the rule data cites it
    published_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+",
                                     verbose_name=_("publiée par"))
    published_at = models.DateTimeField(_("mise en ligne le"))

    class Meta:
        ordering = ["-published_at", "-pk"]
        verbose_name = _("publication de la roue de fortune")

    def __str__(self):
        return f"{self.casino_id} {self.published_at:%Y-%m-%d %H:%M}"
