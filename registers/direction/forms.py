"""The direction's register's forms: they carry the input to the services, which decide (registers/forms.py)."""

from django import forms
from django.utils.translation import gettext_lazy as _

from compliance import formatting

from ..forms import DATE, ActionForm
from ..kinds import entry_kind_label
from . import controls, selectors

MOMENT = forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M")


class CommitteeForm(ActionForm):
    action = "comite"
    change = forms.ChoiceField(label=_("Changement"), choices=list(controls.CHANGES.items()))
    name = forms.CharField(label=_("Membre du comité de direction"), max_length=120, required=False)
    director = forms.BooleanField(label=_("Directeur responsable"), required=False)
    effective_from = forms.DateField(label=_("À compter du"), widget=DATE)
    reference = forms.CharField(label=_("Référence de l'acte"), max_length=200, required=False,
                                help_text=_("L'acte cité par le casino (nomination, agrément, démission …) : la "
                                            "composition du comité n'est pas dans les textes que Vigie tient."))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["change"].widget.attrs["class"] = "form-select"
        self.fields["director"].widget.attrs["class"] = "form-check-input"

    def defaults(self, page) -> dict:
        return {"effective_from": page.day}


class DutyForm(ActionForm):
    action = "presence"
    member = forms.ChoiceField(label=_("Présent au casino"))
    starts_at = forms.DateTimeField(label=_("Du (date et heure)"), widget=MOMENT)
    ends_at = forms.DateTimeField(label=_("Au (date et heure)"), widget=MOMENT)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["member"].choices = [
            (term.name, f"{term.name} · {_('directeur responsable') if term.director else _('membre du comité')}")
            for term in self.page.members]
        self.fields["member"].widget.attrs["class"] = "form-select"


class DesignationForm(ActionForm):
    action = "designation"
    employee = forms.ChoiceField(label=_("Employé désigné"))
    act = forms.ChoiceField(label=_("Acte pour lequel il est agréé"))
    first_day = forms.DateField(label=_("Du"), widget=DATE)
    last_day = forms.DateField(label=_("Au (vide : jusqu'à nouvel ordre)"), widget=DATE, required=False)
    reference = forms.CharField(label=_("Référence de la désignation"), max_length=200, required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["employee"].choices = [(user.username, user.get_full_name() or user.username)
                                           for user in selectors.staff(self.page.casino)]
        self.fields["act"].choices = [(act.value, entry_kind_label(act)) for act in controls.ACTS]
        for name in ("employee", "act"):
            self.fields[name].widget.attrs["class"] = "form-select"

    def defaults(self, page) -> dict:
        return {"first_day": page.day}


class DutyCorrectionForm(ActionForm):
    action = "correction"
    duty = forms.ChoiceField(label=_("Présence à corriger"))
    set_aside = forms.BooleanField(label=_("Inscrite par erreur : l'écarter du journal"), required=False)
    member = forms.ChoiceField(label=_("Présent au casino"), required=False)
    starts_at = forms.DateTimeField(label=_("Du (date et heure)"), widget=MOMENT, required=False)
    ends_at = forms.DateTimeField(label=_("Au (date et heure)"), widget=MOMENT, required=False)
    reason = forms.CharField(label=_("Motif de la correction"), max_length=500, required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        jurisdiction = self.page.casino.jurisdiction
        self.fields["duty"].choices = [
            (shift.seq, f"n° {shift.seq} · {shift.name} · "
                        f"{formatting.date(shift.start, jurisdiction=jurisdiction, style='short')} – "
                        f"{formatting.date(shift.end, jurisdiction=jurisdiction, style='short')}")
            for shift in self.page.shifts]
        self.fields["member"].choices = [("", _("Le même membre"))] + [(term.name, term.name)
                                                                        for term in self.page.members]
        for name in ("duty", "member"):
            self.fields[name].widget.attrs["class"] = "form-select"
        self.fields["set_aside"].widget.attrs["class"] = "form-check-input"


class DesignationEndForm(ActionForm):
    action = "fin"
    designation = forms.ChoiceField(label=_("Désignation"))
    last_day = forms.DateField(label=_("Dernier jour"), widget=DATE)
    reason = forms.CharField(label=_("Motif de la fin anticipée"), max_length=500, required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["designation"].choices = [
            (one.seq, f"n° {one.seq} · {one.employee_name} · {entry_kind_label(one.act)}")
            for one in self.page.book.designations if one.last is None or one.last >= self.page.day]
        self.fields["designation"].widget.attrs["class"] = "form-select"

    def defaults(self, page) -> dict:
        return {"last_day": page.day}
