"""Forms of the approvals' pages: a request drafted from its kind's items (compliance/approvals/kinds.py), and the
steps taken on it from its page. As the registers' forms, they only carry the input to the services and back on a
refusal: whether an item is given, a date, a rate, a pay table of the jurisdiction, odds, a reason … is the services'
to check, which raise a DomainError naming the field at fault (an item's key, `note`, `effective_from` …).

The one thing read here is the shape of what the services take: the pay lines' rows of a position and its odds
become {"7": "2 pour 1"}, a rate typed as a percent its fraction, the casinos' codes a list. A page holds several
forms, each with its prefix (its `action`)."""

import datetime
from dataclasses import dataclass, field

from django import forms
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from compliance import formatting
from registers.forms import DATE, TEXT, ActionForm, Restated, split_list, text_field
from registers.inputs import PayLinesField, PercentField, SegmentsField

from . import workflow
from .kinds import Form, Item
from .models import ApprovalRequest, RequestFinding
from .services import TEXT_MAX

LONG = forms.Textarea(attrs={"rows": 3})
DECISIONS = {workflow.APPROVE.name: _("Approuver"),
             workflow.APPROVE_WITH_CONDITIONS.name: _("Approuver sous conditions"),
             workflow.REFUSE.name: _("Refuser"),
             workflow.GIVE_FAVOURABLE.name: _("Avis favorable"),
             workflow.GIVE_UNFAVOURABLE.name: _("Avis défavorable"),
             workflow.ACKNOWLEDGE.name: _("Accuser réception"),
             workflow.OBJECT.name: _("Objecter")}
NO_DECISION = _("Choisissez la décision : aucune n'est retenue par défaut.")
# What each decision does, restated before it is confirmed ({date}: the date it takes effect)
DECISION_ACTS = {
    workflow.APPROVE.name: _("La demande sera approuvée, en vigueur à partir du {date} ; l'approbation en vigueur du "
                             "même objet sera remplacée et la lettre de décision signée par l'autorité."),
    workflow.APPROVE_WITH_CONDITIONS.name: _("La demande sera approuvée sous les conditions indiquées, en vigueur à "
                                             "partir du {date} ; la lettre de décision sera signée par l'autorité."),
    workflow.REFUSE.name: _("La demande sera refusée pour le motif indiqué ; la lettre de décision sera signée par "
                            "l'autorité."),
    workflow.GIVE_FAVOURABLE.name: _("L'avis favorable de l'autorité sera porté à la demande ; le texte en vigueur ne "
                                     "change pas."),
    workflow.GIVE_UNFAVOURABLE.name: _("L'avis défavorable de l'autorité sera porté à la demande, avec son motif ; le "
                                       "texte en vigueur ne change pas."),
    workflow.ACKNOWLEDGE.name: _("La réception sera accusée ; la demande a pris effet comme le casino l'a déclaré."),
    workflow.OBJECT.name: _("L'objection de l'autorité sera portée à la demande, avec son motif."),
}


@dataclass(frozen=True)
class RequestPage:
    """What a request's irreversible forms restate: the request, its findings standing (warnings, failed checks),
    the date it asks to take effect, and its page (« Revenir »)."""

    approval: ApprovalRequest
    kind: str = ""  # its kind, in words
    findings: list[RequestFinding] = field(default_factory=list)
    asked: datetime.date | None = None
    back: str = ""

    def facts(self) -> list[tuple[str, str]]:
        approval = self.approval
        return [(str(_("Demande")), f"{approval.reference} · {approval.title}"), (str(_("Nature")), self.kind),
                (str(_("Casino")), approval.casino.name)]

    def warnings(self) -> list[str]:
        """The findings that are not mere information, as the page shows them (its severity, rule and message)."""
        english = (get_language() or "fr").startswith("en")
        return [f"{finding.get_severity_display()} · {finding.citation} : "
                f"{finding.message_en if english else finding.message_fr}"
                for finding in self.findings if finding.severity != RequestFinding.Severity.INFO]


@dataclass(frozen=True)
class ItemsPage:
    """What the forms of a request's items need: its kind's items on the day, the jurisdiction's pay tables (key,
    title) and the changes of a machine's state the Minister must be told of."""

    form: Form
    paytables: list[tuple[str, str]]
    events: list[str]


class MultipleFileInput(forms.FileInput):
    allow_multiple_selected = True


class MultipleFileField(forms.FileField):
    """One or more documents for a file item (none: the item is left for later)."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("widget", MultipleFileInput())
        super().__init__(*args, **kwargs)

    def clean(self, data, initial=None):
        one = super().clean
        if isinstance(data, list | tuple):
            return [one(upload, initial) for upload in data if upload]
        return [one(data, initial)] if data else []


SEGMENTS_HELP = _("Une ligne par partie de la roue : son symbole (ce qu'elle paie), son nombre de parties et sa cote, "
                  "par exemple « 5 $ », 7 et « 5 à 1 ».")


def styled(form: ActionForm, name: str, field: forms.Field) -> forms.Field:
    """A field added after the form was built, with the classes and error id BootstrapForm gives the others."""
    field.widget.attrs["class"] = "form-select" if isinstance(field.widget, forms.Select) else "form-control"
    field.widget.attrs["aria-describedby"] = f"{form.auto_id % form.add_prefix(name)}-error"
    return field


def item_field(item: Item, page: ItemsPage) -> forms.Field:
    """The input of one item of the kind, never required here (a draft may be incomplete; the filing names what is
    missing)."""
    label = item.label
    if item.type == "longtext":
        return text_field(label, TEXT_MAX, widget=LONG)
    if item.type == "segments":
        return SegmentsField(label=label, help_text=SEGMENTS_HELP)
    if item.type == "date":
        return text_field(label, 10, widget=forms.DateInput(attrs={"type": "date"}))
    if item.type == "ratio":  # typed as a percent, given to the service as the fraction it keeps
        field = PercentField(label=label, help_text=_("En pourcentage : 95,5 pour 95,5 %."))
        field.widget.attrs.update(placeholder="95,5")
        return field
    if item.type == "paytable":
        return forms.ChoiceField(label=label, required=False, choices=[("", "—"), *page.paytables])
    if item.type == "payouts":
        return PayLinesField(label=label, help_text=_(
            "Une ligne par paiement demandé : sa position (le rang de la ligne dans la table en vigueur) et sa cote, "
            "par exemple 7 et « 2 pour 1 »."))
    if item.type == "casinos":
        return text_field(label, 500, help_text=_("Les codes des casinos, séparés par des virgules."))
    if item.type == "event":
        return forms.ChoiceField(label=label, required=False,
                                 choices=[("", "—"), *((event, event) for event in page.events)])
    if item.type == "file":
        return MultipleFileField(label=label, required=False)
    return text_field(label, TEXT_MAX)


class ItemsForm(ActionForm):
    """The kind's items, each field named by its key (the key a refusal names)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for item in self.page.form.items:
            self.fields[item.key] = styled(self, item.key, item_field(item, self.page))

    @property
    def file_items(self) -> list[str]:
        return [item.key for item in self.page.form.items if item.type == "file"]

    def items(self) -> dict:
        """The items given, as the services take them (the files apart: `uploads`)."""
        values = {}
        for item in self.page.form.items:
            if item.type == "file":
                continue
            value = self.cleaned_data.get(item.key)
            if item.type == "casinos":
                value = split_list(value)
            if value not in (None, "", [], {}):
                values[item.key] = value
        return values

    def uploads(self) -> dict[str, list]:
        return {key: self.cleaned_data.get(key) or [] for key in self.file_items}


class DraftForm(ItemsForm):
    action = "brouillon"

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["intitule"] = styled(self, "intitule", text_field(_("Intitulé (facultatif)"), 200, help_text=_(
            "Par défaut : la nature de la demande et son objet.")))


class AnswerForm(ItemsForm):
    """The casino's answer to the authority's question, with the items it adds or gives anew and documents."""

    action = "repondre"

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        note = styled(self, "note", text_field(_("Réponse à l'autorité"), TEXT_MAX, widget=LONG))
        self.fields = {"note": note, **self.fields}


class FileForm(ActionForm):
    """The draft filed with the authority: nothing to fill, the service names an item still missing."""

    action = "deposer"


class AttachForm(ActionForm):
    """A document for one of the draft's file items."""

    action = "joindre"
    aliases = {"file": "files"}
    item = forms.ChoiceField(label=_("Élément"), choices=())
    files = MultipleFileField(label=_("Document"), required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["item"].choices = [(item.key, item.label) for item in self.page.form.items
                                       if item.type == "file"]


class RequestEndForm(ActionForm):
    """A step that ends a request for good (its withdrawal, an approval's revocation): restated, then confirmed."""

    confirmation = True
    title = _("Confirmer")
    act = ""
    button = _("Confirmer")

    def restate(self) -> Restated:
        page: RequestPage = self.page
        facts = [*page.facts(), (str(self.fields["note"].label), self.cleaned_data["note"])]
        return Restated(title=str(self.title) % {"reference": page.approval.reference}, act=str(self.act),
                        facts=facts, button=str(self.button), back=page.back)


class WithdrawForm(RequestEndForm):
    action = "retirer"
    note = text_field(_("Motif du retrait"), TEXT_MAX, widget=LONG)
    title = _("Retirer la demande %(reference)s")
    act = _("La demande sera retirée : l'autorité ne l'examinera plus, et elle ne se dépose plus. Une nouvelle "
            "demande se prépare à sa place.")
    button = _("Confirmer le retrait")


class AskForm(ActionForm):
    action = "demander_complement"
    note = text_field(_("Question au casino"), TEXT_MAX, widget=LONG)


class RevokeForm(RequestEndForm):
    action = "revoquer"
    note = text_field(_("Motif de la révocation"), TEXT_MAX, widget=LONG)
    title = _("Révoquer l'approbation %(reference)s")
    act = _("L'approbation cessera d'être en vigueur à la date du jour du casino ; la configuration du casino ne "
            "pourra plus s'en prévaloir.")
    button = _("Confirmer la révocation")


class FindingForm(ActionForm):
    """A finding of the authority's own, beside the checks'."""

    action = "constat"
    citation = text_field(_("Règle (article)"), 300)
    severity = forms.ChoiceField(label=_("Gravité"), choices=RequestFinding.Severity.choices)
    message_fr = text_field(_("Constat (en français)"), TEXT_MAX, widget=TEXT)
    message_en = text_field(_("Constat en anglais (facultatif)"), TEXT_MAX, widget=TEXT)
    found = text_field(_("Valeur trouvée"), 300)
    required = text_field(_("Valeur requise"), 300)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        hint = _("Le texte et l'article, comme les constats les citent")
        self.fields["citation"].widget.attrs.update(placeholder=hint, autocomplete="off")

    def defaults(self, page):
        return {"severity": RequestFinding.Severity.WARNING}


class DecideForm(ActionForm):
    """The authority's decision: approved from a date, approved under conditions, or refused with the reason. None
    is chosen beforehand, and the one chosen is restated with the request's findings before it is recorded."""

    action = "decider"
    confirmation = True
    decision = forms.ChoiceField(label=_("Décision"), choices=list(DECISIONS.items()), widget=forms.RadioSelect,
                                 error_messages={"required": NO_DECISION})
    effective_from = forms.DateField(label=_("En vigueur à partir du"), required=False, widget=DATE,
                                     help_text=_("Par défaut : aujourd'hui. Jamais avant le dépôt."))
    conditions = text_field(_("Conditions (approbation sous conditions)"), TEXT_MAX, widget=LONG)
    reason = text_field(_("Motif (refus)"), TEXT_MAX, widget=LONG)

    def __init__(self, *args, decisions: tuple[str, ...] = (), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["decision"].widget.attrs["class"] = "form-check-input"
        if decisions:  # the acts the kind's power gives (an opinion, an acknowledgement …)
            self.fields["decision"].choices = [(name, DECISIONS[name]) for name in decisions]
            if workflow.APPROVE.name not in decisions:  # in effect as declared, or nothing changes in force
                del self.fields["effective_from"], self.fields["conditions"]
                self.fields["reason"].label = _("Motif (avis défavorable, objection)")

    def defaults(self, page):
        """No decision chosen beforehand; the date the request asks for, when there is one (its `date_effet`)."""
        return {"effective_from": page.asked if page else None}

    def restate(self) -> Restated:
        page: RequestPage = self.page
        approval, data = page.approval, self.cleaned_data
        decision = data["decision"]
        label = str(DECISIONS[decision])
        effective = data.get("effective_from") or approval.casino.today()
        shown = formatting.date(effective, jurisdiction=approval.casino.jurisdiction)
        facts = [*page.facts(), (str(_("Décision")), label)]
        if decision in (workflow.APPROVE.name, workflow.APPROVE_WITH_CONDITIONS.name):
            facts.append((str(_("En vigueur à partir du")), shown))
        if decision == workflow.APPROVE_WITH_CONDITIONS.name:
            facts.append((str(_("Conditions")), data.get("conditions", "")))
        elif data.get("reason"):
            facts.append((str(self.fields["reason"].label), data["reason"]))
        return Restated(
            title=str(_("Décision sur la demande %(reference)s : %(decision)s")) % {
                "reference": approval.reference, "decision": label.lower()},
            act=str(DECISION_ACTS[decision]).format(date=shown), facts=facts, warnings=page.warnings(),
            button=str(_("Confirmer : %(decision)s")) % {"decision": label.lower()}, back=page.back)

    def service_field(self, field):
        if field == "note":  # the step's reason: the conditions, or the refusal's motive
            return "conditions" if self.cleaned_data.get("decision") == workflow.APPROVE_WITH_CONDITIONS.name \
                else "reason"
        return super().service_field(field)


class WheelForm(ActionForm):
    """QC RJC art. 120: the wheel of fortune's configuration the management makes public, one segment a line."""

    action = "publier"
    segments = SegmentsField(label=_("Parties de la roue"), help_text=SEGMENTS_HELP)
