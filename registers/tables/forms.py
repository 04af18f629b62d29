"""Forms of the table games' pages: a table created, a session opened, a fill or credit, its void, the closing
inventory, the drop counted, the Pai Gow commissions. As the other registers' forms they only carry the input to
the services (registers/tables/services.py) and back on a refusal: limits, floats, serials, signatures and the
bank's rotation are the services' to check, which raise a DomainError naming the field at fault.

A page holds several forms, each with its prefix (its `action`, posted with it)."""

import json
import re

from django import forms
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from compliance.formatting import money

from ..fields import NAME_MAX, TEXT_MAX
from ..forms import DATE, TEXT, ActionForm, Restated, amount_field, text_field
from ..inputs import DenominationGridField
from ..models import SlipKind
from . import errors
from .slips import SIGNATORIES

ROLE_LABELS = {  # under the legend « Signatures »
    "croupier": _("Croupier"),
    "superviseur": _("Superviseur de table"),
    "demandeur": _("Demandeur"),
    "caissier": _("Caissier"),
    "porteur": _("Porteur"),
    "compteur_1": _("Premier compteur"),
    "compteur_2": _("Second compteur"),
}
LINES = forms.Textarea(attrs={"rows": 4})


def signature_field(role: str) -> forms.CharField:
    field = text_field(ROLE_LABELS[role], NAME_MAX)
    field.widget.attrs.update(autocomplete="off")
    return field


def denominations_field(label=None) -> DenominationGridField:
    """The counting grid: one row per chip or banknote the casino keeps in service (registers/house_lists)."""
    return DenominationGridField(label=label or _("Coupures"))


def _seats(text: str) -> list[str]:
    return [seat for seat in re.split(r"[\s,]+", text.strip()) if seat]


def rounds_parsed(text: str) -> list:
    """The Pai Gow rounds, one line each: « croupier ; 1, 2, 3 ; 1=25, 3=40 » (the bank, the players, the winning
    bets by seat), or the same as JSON ([{"banque": "croupier", "joueurs": ["1"], "gagnantes": {"1": "25"}}])."""
    text = (text or "").strip()
    if text.startswith("["):
        try:
            return json.loads(text)
        except ValueError as exc:
            raise forms.ValidationError(str(errors.ROUNDS_JSON).format(problem=exc)) from None
    rounds = []
    for index, line in enumerate((line for line in text.splitlines() if line.strip()), 1):
        parts = [part.strip() for part in line.split(";")]
        if len(parts) not in (2, 3) or not parts[0]:
            raise forms.ValidationError(str(errors.ROUNDS_LINE).format(round=index))
        wins = {}
        for pair in _seats(parts[2] if len(parts) == 3 else ""):
            seat, _sep, bet = pair.partition("=")
            if not seat or not bet:
                raise forms.ValidationError(str(errors.ROUNDS_LINE).format(round=index))
            wins[seat] = bet
        rounds.append({"banque": parts[0], "joueurs": _seats(parts[1]), "gagnantes": wins})
    return rounds


class TablesForm(ActionForm):
    """A form of the tables' pages: the signatures it carries (by the slip's kind) come last, and a service's
    `signatures.<role>` is the field `signature_<role>`."""

    slip_kind: str | None = None

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if "denominations" in self.fields:
            casino = self.page.casino
            self.fields["denominations"].offer(self.page.denominations, casino=casino,
                                               lists_url=reverse("house-lists", kwargs={"casino": casino.code}))

    @classmethod
    def signature_names(cls) -> list[str]:
        return [f"signature_{role}" for role in SIGNATORIES[cls.slip_kind]] if cls.slip_kind else []

    def signatures(self) -> dict[str, str]:
        return {role: self.cleaned_data.get(f"signature_{role}", "") for role in SIGNATORIES[self.slip_kind]}

    def service_field(self, field):
        if (field or "").startswith("signatures."):
            return f"signature_{field.split('.', 1)[1]}"
        return super().service_field(field)

    def visible_main(self):
        return [field for field in self.visible_fields() if field.name not in self.signature_names()]

    def visible_signatures(self):
        return [field for field in self.visible_fields() if field.name in self.signature_names()]


class TableSigned(TablesForm):
    """Signed by the table's croupier and supervisor (openings, closings, commissions)."""

    signature_croupier = signature_field("croupier")
    signature_superviseur = signature_field("superviseur")


class SlipSigned(TablesForm):
    """A fill or credit: whoever asked, the cashier, the carrier, the croupier and the supervisor."""

    signature_demandeur = signature_field("demandeur")
    signature_caissier = signature_field("caissier")
    signature_porteur = signature_field("porteur")
    signature_croupier = signature_field("croupier")
    signature_superviseur = signature_field("superviseur")


class CountersSigned(TablesForm):
    """The drop's two counters."""

    signature_compteur_1 = signature_field("compteur_1")
    signature_compteur_2 = signature_field("compteur_2")


class TableCreateForm(TablesForm):
    action = "table"
    game = forms.ChoiceField(label=_("Jeu"), choices=())
    number = text_field(_("Numéro de la table"), 20)
    pit = text_field(_("Îlot"), 40)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [(game.key, label) for game, label in self.page.games]
        self.fields["number"].widget.attrs.update(autocomplete="off")
        self.fields["pit"].widget.attrs.update(autocomplete="off")


class SessionOpenForm(TableSigned):
    action = "open"
    slip_kind = SlipKind.OPENING
    table = forms.ChoiceField(label=_("Table"), choices=())
    gaming_day = forms.DateField(label=_("Journée de jeu"), widget=DATE)
    minimum = amount_field(_("Mise minimale affichée"))
    maximum = amount_field(_("Mise maximale affichée"))
    float_amount = amount_field(_("Avance (somme fixe de la table)"))
    denominations = denominations_field(_("Inventaire d'ouverture"))
    field_order = ["table", "gaming_day", "minimum", "maximum", "float_amount", "denominations"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        tables = self.page.closed_tables
        self.fields["table"].choices = [("", "—"), *((str(table.pk), label) for table, label in tables)]
        if not self.page.keeps_float:
            del self.fields["float_amount"]

    def defaults(self, page):
        return {"gaming_day": page.day, "table": page.prefill.get("table", "")}

    def values(self):
        data = self.cleaned_data
        return {"table": self.page.table(data["table"]), "gaming_day": data["gaming_day"], "minimum": data["minimum"],
                "maximum": data["maximum"], "float_amount": data.get("float_amount") or None,
                "denominations": data["denominations"], "signatures": self.signatures()}


class SlipForm(SlipSigned):
    action = "slip"
    slip_kind = SlipKind.FILL  # a credit has the same signatories
    kind = forms.ChoiceField(label=_("Nature"), choices=[(SlipKind.FILL, SlipKind.FILL.label),
                                                          (SlipKind.CREDIT, SlipKind.CREDIT.label)])
    serial = text_field(_("N° de série"), 12)
    amount = amount_field(_("Montant"))
    denominations = denominations_field()
    field_order = ["kind", "serial", "amount", "denominations"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["serial"].widget.attrs.update(inputmode="numeric", autocomplete="off")
        expected = self.page.expected_serial
        self.fields["serial"].help_text = (
            _("N° attendu : %(serial)s (sans trou ni doublon, par casino et par année).") % {"serial": expected}
            if expected is not None else _("Premier bordereau de l'année : le n° du carnet."))

    def defaults(self, page):
        return {"serial": page.expected_serial or "", "kind": page.prefill.get("kind", SlipKind.FILL)}

    def values(self):
        data = self.cleaned_data
        return {"kind": data["kind"], "serial": data["serial"], "amount": data["amount"],
                "denominations": data["denominations"], "signatures": self.signatures()}


class VoidForm(TablesForm):
    """A fill, a credit or a drop count voided: the slip restated with its amount, then the second person types
    their password on the confirmation, signing what it restates."""

    action = "void"
    confirmation = True
    confirm_fields = ("countersigner_password",)
    slip = forms.ChoiceField(label=_("Bordereau à annuler"), choices=())
    countersigner = forms.ChoiceField(label=_("Seconde signature (contresignataire)"), choices=())
    countersigner_password = forms.CharField(label=_("Mot de passe de la seconde personne"), strip=False,
                                             widget=forms.PasswordInput(attrs={"autocomplete": "off"}))
    reason = text_field(_("Motif"), TEXT_MAX, widget=TEXT)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        casino = self.page.casino
        self.fields["slip"].choices = [("", "—"), *(
            (str(slip.pk), f"{slip.get_kind_display()} n° {slip.serial} · "
                           f"{money(slip.amount, currency=casino.currency, jurisdiction=casino.jurisdiction)}")
            for slip in self.page.voidable)]
        self.fields["countersigner"].choices = [("", "—"), *(
            (user.username, f"{user.get_full_name() or user.username} ({user.get_role_display()})")
            for user in self.page.countersigners)]

    def values(self):
        data = self.cleaned_data
        return {"slip": self.page.slip(data["slip"]),
                "countersigner": self.page.countersigner(data["countersigner"], data["countersigner_password"]),
                "reason": data["reason"]}

    def restate(self) -> Restated:
        casino, data = self.page.casino, self.cleaned_data
        slip = next((one for one in self.page.voidable if str(one.pk) == data["slip"]), None)
        session = self.page.session
        facts = [(str(_("Table")), f"{session.table.number} · {_('séance')} {session.number}")] if session else []
        if slip is not None:
            facts += [(str(_("Bordereau")), f"{slip.get_kind_display()} n° {slip.serial}"),
                      (str(_("Montant")), money(slip.amount, currency=casino.currency,
                                                jurisdiction=casino.jurisdiction))]
        facts += [(str(self.fields["countersigner"].label), self.shown_value("countersigner")),
                  (str(_("Motif")), data.get("reason", ""))]
        return Restated(
            title=str(_("Annuler le bordereau n° %(serial)s")) % {"serial": slip.serial if slip else "—"},
            act=str(_("Le bordereau sera annulé : il sort des totaux de la table, l'annulation est portée au registre "
                      "avec les deux signatures, et un drop annulé se compte à nouveau. La seconde personne signe "
                      "en tapant son mot de passe.")),
            facts=facts, button=str(_("Confirmer l'annulation")))


class CloseForm(TableSigned):
    action = "close"
    slip_kind = SlipKind.CLOSING
    denominations = denominations_field(_("Inventaire de fermeture"))
    field_order = ["denominations"]

    def values(self):
        return {"denominations": self.cleaned_data["denominations"], "signatures": self.signatures()}


class DropForm(CountersSigned):
    action = "drop"
    slip_kind = SlipKind.DROP
    amount = amount_field(_("Montant compté"))
    denominations = denominations_field(_("Contenu de la boîte"))
    field_order = ["amount", "denominations"]

    def values(self):
        data = self.cleaned_data
        return {"amount": data["amount"], "denominations": data["denominations"], "signatures": self.signatures()}


class CommissionForm(TableSigned):
    action = "commission"
    slip_kind = SlipKind.COMMISSION
    rounds = text_field(_("Mains (une ligne par main : « banque ; joueurs ; mises gagnantes »)"), 20000, widget=LINES)
    amount = amount_field(_("Total des commissions perçues"))
    field_order = ["rounds", "amount"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["rounds"].widget.attrs.update(
            placeholder="croupier ; 1, 2, 3 ; 1=25, 3=40\n2 ; 1, 2, 3 ; 3=30", autocomplete="off")
        self.fields["rounds"].widget.attrs["class"] += " font-monospace"

    def clean_rounds(self):
        return rounds_parsed(self.cleaned_data.get("rounds", ""))

    def values(self):
        data = self.cleaned_data
        return {"rounds": data["rounds"], "amount": data["amount"], "signatures": self.signatures()}


class LimitsForm(TablesForm):
    """A change of the table's limits or of a betting spot's during the séance (LU RGD 1979 art. 37-11, 37-17; QC RJC
    art. 9): the new limits, who decided them, and that they are indicated at the table."""

    action = "limits"
    spot = forms.ChoiceField(label=_("Limites changées"), required=False)
    minimum = amount_field(_("Nouvelle mise minimale"))
    maximum = amount_field(_("Nouvelle mise maximale"))
    decided_by = text_field(_("Décidé par"), NAME_MAX)
    displayed = forms.BooleanField(label=_("Les nouvelles limites sont indiquées à la table"), required=False)
    field_order = ["spot", "minimum", "maximum", "decided_by", "displayed"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["spot"].choices = [("", _("Limites de la table"))] + [
            (bet, bet) for bet in sorted(self.page.session.spots)]

    def values(self):
        data = self.cleaned_data
        return {"spot": data["spot"], "minimum": data["minimum"], "maximum": data["maximum"],
                "decided_by": data["decided_by"], "displayed": data["displayed"]}
