"""The registers' forms carry the input to the services and back on a refusal; the rules themselves (positive
amount, the casino's currency, the return period …) are checked by the services only, which raise a DomainError
naming the field at fault. A page with several forms tells them apart by their prefix, their `action`."""

from dataclasses import dataclass, field

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from compliance.errors import DomainError

from .inputs import late_reason_shown

DATE = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
TEXT = forms.Textarea(attrs={"rows": 2})


def late_reason_field() -> forms.CharField:
    return forms.CharField(
        label=_("Motif de la saisie tardive"), required=False, max_length=1000, widget=TEXT,
        help_text=_("Seulement pour une journée de jeu au-delà du délai de saisie du casino : l'écriture attend "
                    "alors la contresignature d'un responsable."),
    )


class BootstrapForm(forms.Form):
    """Bootstrap classes on every widget, `is-invalid` and its message id on every field in error. A form that files
    on a gaming day (`late_filing`) takes the reason of a late filing."""

    late_filing = False

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.late_filing:
            self.fields["late_reason"] = late_reason_field()
        for name, bound in self.fields.items():
            widget = bound.widget
            if isinstance(widget, forms.CheckboxInput):
                css = "form-check-input"
            elif isinstance(widget, forms.Select):
                css = "form-select"
            else:
                css = "form-control"
            widget.attrs["class"] = css
            widget.attrs["aria-describedby"] = f"{self.auto_id % name}-error"

    def add_error(self, field, error):
        super().add_error(field, error)
        for name in self.errors:
            if name in self.fields and "is-invalid" not in self.fields[name].widget.attrs["class"]:
                self.fields[name].widget.attrs["class"] += " is-invalid"

    def refuse(self, exc: DomainError) -> None:
        """Shows a service's refusal next to the field it names (or above the form)."""
        self.add_error(exc.field if exc.field in self.fields else None, str(exc.message))


def split_list(text: str) -> list[str]:
    """'Poker 1, Poker 2,' → ['Poker 1', 'Poker 2']."""
    return [item.strip() for item in (text or "").split(",") if item.strip()]


CONFIRM = "confirme"  # the field a confirmation's second POST carries, under the form's prefix
IRREVERSIBLE = _("Cet acte est définitif : il est porté au registre et ne s'annule pas.")


@dataclass
class Restated:
    """What a confirmation page says before an act that cannot be undone: the act, what it is done to, what the
    checks found (the findings a decision overrides)."""

    title: str  # « Approuver la demande LM-2026-0003 »
    act: str  # what will happen, in a sentence
    facts: list[tuple[str, str]] = field(default_factory=list)  # (label, value) of what it is done to
    warnings: list[str] = field(default_factory=list)  # the findings, the checks that failed
    button: str = ""  # the confirmation button (the act's own words)
    back: str = ""  # where « Revenir » leads, nothing recorded (the page the form was on)
    consequence: str = ""  # why it cannot be undone (IRREVERSIBLE by default)


class ActionForm(BootstrapForm):
    """One of the forms of a register page, told apart by its prefix, its `action`. An act that cannot be undone
    (`confirmation`) is restated first (`restate`) and done only by a second POST that carries `CONFIRM`: a POST
    without it records nothing (registers/web_actions.submit)."""

    action = ""
    aliases: dict[str, str] = {}
    confirmation = False
    confirm_fields: tuple[str, ...] = ()  # asked on the confirmation only (the second person's password)

    def __init__(self, data=None, *, page, **kwargs):
        self.page = page
        super().__init__(data, prefix=self.action, initial=self.defaults(page) if data is None else None, **kwargs)
        for name in self.fields:
            self.fields[name].widget.attrs["aria-describedby"] = f"{self[name].auto_id}-error"
        if self.late_filing:
            late_reason_shown(self, getattr(page, "casino", None))
        self.deferred_fields = {}
        if self.confirmation and not self.confirmed:
            self.deferred_fields = {name: self.fields.pop(name) for name in self.confirm_fields if name in self.fields}

    @property
    def confirm_name(self) -> str:
        return self.add_prefix(CONFIRM)

    @property
    def confirmed(self) -> bool:
        """The second POST of an act restated first."""
        return self.is_bound and self.data.get(self.confirm_name) == "1"

    def deferred(self) -> list:
        """The fields the confirmation asks for (bound fields, to render)."""
        return [forms.BoundField(self, field, name) for name, field in self.deferred_fields.items()]

    def shown_value(self, name: str) -> str:
        """A cleaned value as the confirmation shows it: a choice by its label."""
        value = self.cleaned_data.get(name)
        choices = dict(getattr(self.fields[name], "choices", None) or getattr(self.fields[name].widget, "choices", ()))
        if value is None or value == "":
            return ""
        shown = choices.get(value, choices.get(str(value), value))
        return str(shown)

    def restate(self) -> Restated:
        """The act restated from the form's input: each field given, by its label (a form says more)."""
        facts = [(str(self.fields[name].label), self.shown_value(name)) for name in self.fields
                 if not isinstance(self.fields[name].widget, forms.PasswordInput) and self.shown_value(name)]
        return Restated(title=str(_("Confirmer")), act="", facts=facts)

    def defaults(self, page) -> dict:
        return {}

    def service_field(self, field: str | None) -> str | None:
        return self.aliases.get(field, field)

    def refuse(self, exc: DomainError) -> None:
        field = self.service_field(exc.field)
        self.add_error(field if field in self.fields else None, str(exc.message))

    def values(self) -> dict:
        """The service's keyword arguments."""
        return dict(self.cleaned_data)


def text_field(label, max_length=200, **kwargs):
    return forms.CharField(label=label, required=False, max_length=max_length, **kwargs)


def amount_field(label):
    field = text_field(label, 30)
    field.widget.attrs.update(inputmode="decimal", autocomplete="off")
    return field


def today_initial(page) -> dict:
    """Today at the page's casino (its own zone, whatever zone is active), else in the active zone."""
    casino = getattr(page, "casino", None)
    return {"gaming_day": casino.today() if casino is not None else timezone.localdate()}


class CorrectionForm(BootstrapForm):
    """A manager sets a wrongly filed entry aside, with the reason; a second person countersigns it."""

    reason = forms.CharField(label=_("Motif de la correction"), required=False, max_length=1000, widget=TEXT)


# --- any register: the head signed now, a gaming day closed -------------------------------------------


class CheckpointForm(ActionForm):
    action = "checkpoint"


class SessionCloseForm(ActionForm):
    action = "session"
    gaming_day = forms.DateField(label=_("Journée de jeu à clôturer"), widget=DATE)
    confirm = forms.BooleanField(
        label=_("Je confirme : plus aucune écriture ne pourra être portée à cette journée, dans aucun registre."),
    )

    defaults = staticmethod(today_initial)

    def values(self):
        return {"gaming_day": self.cleaned_data["gaming_day"]}
