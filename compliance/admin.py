"""The Django admin, for platform administrators. It writes nothing itself: adding or changing a casino or a
user, or setting a password, is the form's service (`ServiceForm`), which records the change with the acting
administrator; jurisdictions, jobs and audit events are read only, and nothing is deleted here (casinos and
users are named by append-only registers and audit events)."""

import copy
from contextlib import contextmanager

from django import forms
from django.contrib import admin, messages
from django.contrib.auth import forms as auth_forms
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin
from django.contrib.auth.models import Group
from django.db import models, transaction
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext
from django_otp.plugins.otp_static.models import StaticDevice
from django_otp.plugins.otp_totp.models import TOTPDevice
from rest_framework.authtoken.models import TokenProxy

from .errors import DomainError
from .models import AuditEvent, Casino, JobRun, Jurisdiction, User
from .second_factor.services import second_factor_reset
from .services import casino_create, casino_update, user_create, user_password_set, user_update

# Vigie's rights are its roles, not Django's groups; API tokens are issued (and recorded) by api_token_obtain.
admin.site.unregister(Group)
admin.site.unregister(TokenProxy)
# a person's second factor is enrolled by the person and reset by the users' action below, each audited; never edited
admin.site.unregister(TOTPDevice)
admin.site.unregister(StaticDevice)


@contextmanager
def refusals_shown_on(form: forms.Form, field_for: dict[str, str]):
    """Runs a service in a savepoint: its DomainError rolls the savepoint back and becomes the form's error, under
    the form's field for the one the service names (`field_for` maps the names that differ), else above the form."""
    try:
        with transaction.atomic():
            yield
    except DomainError as refusal:
        field = field_for.get(refusal.field, refusal.field)
        form.add_error(field if field in form.fields else None, str(refusal.message))


class ServiceForm(forms.ModelForm):
    """An admin form whose validation ends with the service that writes. Django checks each field first (its
    type, its length, the model field's validators); then, with no error left, `apply` calls the service, which
    checks the domain's rules, writes and records the change with the acting administrator. Its refusal is the
    form's error, so a refused save shows the page again. The admin's view runs in one transaction
    (ModelAdmin.changeform_view), so the change, its audit event and the admin's log entry commit together.
    Uniqueness and the table's constraints are the service's to check, with the domain's messages. No inline
    formsets: the service has written by the time they would be validated."""

    actor: User  # the signed-in administrator (ServiceAdmin.get_form)
    field_for: dict[str, str] = {}  # a service's name of a field → this form's, where they differ

    def apply(self) -> models.Model:
        """Calls the service with the cleaned data; returns what it wrote."""
        raise NotImplementedError

    def changes(self) -> dict:
        """The fields the administrator changed, for an update service (which compares with the stored row)."""
        return {name: self.cleaned_data[name] for name in self.changed_data}

    def _post_clean(self):
        # after Django's own model validation (ModelForm._post_clean), so nothing is written for a form that
        # would still be refused
        super()._post_clean()
        if not self.errors:
            with refusals_shown_on(self, self.field_for):
                self.instance = self.apply()

    def validate_unique(self):
        """The service checks it (a casino's code, a username in any case)."""

    def validate_constraints(self):
        """The service checks them (a role and its scope, a capital that is not negative)."""


class ServiceAdmin(admin.ModelAdmin):
    """Saves nothing itself: its form's service has written the object while the form was validated."""

    def get_form(self, request, obj=None, **kwargs):
        form = super().get_form(request, obj, **kwargs)
        return type(form.__name__, (form,), {"actor": request.user})

    def save_model(self, request, obj, form, change):
        """Written and recorded by the form's service."""

    def save_related(self, request, form, formsets, change):
        """No related rows are edited here."""

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Jurisdiction)
class JurisdictionAdmin(ReadOnlyAdmin):
    """Reference data: games/rules/jurisdictions.yaml, loaded by jurisdictions_load."""

    list_display = ["code", "name_fr", "currency", "locale", "timezone"]


class CasinoForm(ServiceForm):
    class Meta:
        model = Casino
        fields = ["jurisdiction", "code", "name", "operator_name", "licence_number", "address", "share_capital",
                  "opened_on", "late_filing_days", "draft_basis", "draft_basis_since", "second_facteur_caisse"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if "opened_on" in self.fields:  # empty: the registers are kept from the day of the casino's creation
            self.fields["opened_on"].required = False
        if "late_filing_days" in self.fields:  # empty: the casino's delay stays (7 days for a new casino)
            self.fields["late_filing_days"].required = False

    def clean_late_filing_days(self):
        days = self.cleaned_data.get("late_filing_days")
        return days if days is not None else self.instance.late_filing_days

    def apply(self) -> Casino:
        if self.instance.pk is None:
            data = {**self.cleaned_data}
            return casino_create(actor=self.actor, jurisdiction_code=data.pop("jurisdiction").code, **data)
        return casino_update(actor=self.actor, casino=self.instance, **self.changes())


@admin.register(Casino)
class CasinoAdmin(ServiceAdmin):
    form = CasinoForm
    list_display = ["code", "name", "jurisdiction", "licence_number", "second_facteur_caisse"]
    list_filter = ["jurisdiction"]

    def get_readonly_fields(self, request, obj=None):
        # fixed once the casino exists (compliance.services.CASINO_FIXED_FIELDS)
        return ["jurisdiction", "code", "opened_on", "created_at"] if obj else []


class UserAddForm(auth_forms.SetPasswordMixin, ServiceForm):
    """The account, its role and its scope, and a password typed twice; user_create validates the password."""

    password1, password2 = auth_forms.SetPasswordMixin.create_password_fields()
    field_for = {"password": "password2"}  # nosec B105  # where Django's own forms show a password's flaws

    class Meta:
        model = User
        fields = ["username", "role", "casino", "jurisdiction", "first_name", "last_name", "email",
                  "preferred_language"]
        field_classes = {"username": auth_forms.UsernameField}

    def clean(self):
        self.validate_passwords()  # the two entries match
        return super().clean()

    def apply(self) -> User:
        data = {name: value for name, value in self.cleaned_data.items() if name not in ("password1", "password2")}
        return user_create(actor=self.actor, password=self.cleaned_data["password1"], **data)


class UserChangeForm(ServiceForm, auth_forms.UserChangeForm):
    class Meta:
        model = User
        fields = ["username", "password", "first_name", "last_name", "email", "preferred_language", "role",
                  "casino", "jurisdiction", "is_active"]
        field_classes = {"username": auth_forms.UsernameField}

    def apply(self) -> User:
        return user_update(actor=self.actor, user=self.instance, **self.changes())


class PasswordForm(auth_forms.SetPasswordMixin, forms.Form):
    """The admin's password page: a password typed twice, then user_password_set, which validates it and records
    the change. It never disables a password: an account is closed by making it inactive."""

    required_css_class = "required"
    password1, password2 = auth_forms.SetPasswordMixin.create_password_fields()
    actor: User  # the signed-in administrator (UserAdmin.user_change_password)

    def __init__(self, user: User, *args, **kwargs):
        self.user = user
        super().__init__(*args, **kwargs)
        self.fields["password1"].widget.attrs["autofocus"] = True

    def clean(self):
        self.validate_passwords()
        if not self.errors:
            with refusals_shown_on(self, {"password": "password2"}):  # nosec B105  # a form field's name
                self.user = user_password_set(actor=self.actor, user=self.user,
                                              password=self.cleaned_data["password1"])
        self.cleaned_data["set_usable_password"] = True  # what Django's view asks of its own form
        return self.cleaned_data

    def save(self, commit=True) -> User:
        """Saved and recorded by user_password_set while the form was validated."""
        return self.user

    @property
    def changed_data(self) -> list[str]:
        return ["password"]  # for the admin's log entry, as Django's own form says it


@admin.register(User)
class UserAdmin(ServiceAdmin, DjangoUserAdmin):
    form = UserChangeForm
    add_form = UserAddForm
    change_password_form = PasswordForm
    list_display = ["username", "role", "casino", "jurisdiction", "is_active"]
    list_filter = ["role", "casino", "jurisdiction", "is_active"]
    filter_horizontal = []
    readonly_fields = ["last_login", "date_joined"]
    actions = ["second_factor_reset"]
    fieldsets = (
        (None, {"fields": ("username", "password", "first_name", "last_name", "email", "preferred_language")}),
        (_("Rôle et périmètre"), {"fields": ("role", "casino", "jurisdiction", "is_active")}),
        (None, {"fields": ("last_login", "date_joined")}),
    )
    add_fieldsets = (
        (None, {"classes": ("wide",), "fields": ("username", "password1", "password2")}),
        (_("Rôle et périmètre"), {"fields": ("role", "casino", "jurisdiction")}),
        (None, {"fields": ("first_name", "last_name", "email", "preferred_language")}),
    )

    def user_change_password(self, request, id, form_url=""):
        """Django's page, with its form bound to the acting administrator: Django builds that form as
        `self.change_password_form(user, data)`, without the request, so this request gets its own copy of the
        admin carrying a form class that knows the actor."""
        for_request = copy.copy(self)
        for_request.change_password_form = type(PasswordForm.__name__, (PasswordForm,), {"actor": request.user})
        return super(UserAdmin, for_request).user_change_password(request, id, form_url)

    @admin.action(description=_("Réinitialiser la double authentification (téléphone perdu)"))
    def second_factor_reset(self, request, queryset):
        """Each person's authenticator and recovery codes deleted and sessions ended (second_factor_reset, audited):
        they enrol again at their next sign-in."""
        people = list(queryset)
        for person in people:
            second_factor_reset(actor=request.user, user=person)
        self.message_user(request, ngettext(
            "Double authentification réinitialisée pour %(count)d personne : elle l'activera à sa prochaine connexion.",
            "Double authentification réinitialisée pour %(count)d personnes : elles l'activeront à leur prochaine "
            "connexion.", len(people)) % {"count": len(people)}, messages.SUCCESS)


@admin.register(JobRun)
class JobRunAdmin(ReadOnlyAdmin):
    """Jobs are queued from their pages (job_enqueue) and run by the worker."""

    list_display = ["id", "casino", "kind", "status", "created_at"]


@admin.register(AuditEvent)
class AuditEventAdmin(ReadOnlyAdmin):
    """Read only: PostgreSQL refuses any change to an audit event anyway."""

    list_display = ["at", "action", "actor", "casino", "jurisdiction", "target_type", "target_id"]
    list_filter = ["action", "casino", "jurisdiction"]
    list_select_related = ["actor", "casino", "jurisdiction"]
