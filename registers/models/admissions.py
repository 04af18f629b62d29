"""Admissions and exclusions (registers/admissions): the casino's admission policy (the minimum age and how long the
personal data is kept, each with the reference of the casino's own act, as no text of ours gives them), the admission
cards issued at the door with the identity document seen (its kind and last digits only, never a scan), and the
casino's exclusion list with its source and dates.

Personal data: an admission is read only by the casino's own staff, an exclusion only by its management; neither by a
regulator nor by the platform's administrator (tests/test_scoping.py). Both are deleted once the casino's retention
has run (registers.admissions.services.personal_data_purge), so neither is a register entry."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from compliance.models import Casino, User
from compliance.scoping import ScopedQuerySet, scoped_queryset

ADMISSION_READERS = (User.Role.ACCOUNTANT, User.Role.MANAGER)  # the door's desk files, the management follows
EXCLUSION_READERS = (User.Role.MANAGER,)  # the desk learns only whether a person it identifies is excluded


class PersonalQuerySet(ScopedQuerySet):
    """Personal data: the casino's own staff of the roles named, and no one else, an administrator or a regulator
    included."""

    roles: tuple = ()

    def visible_to(self, user) -> "PersonalQuerySet":
        if user is None or not user.is_authenticated or not user.is_active:
            return self.none()
        if user.casino_id is None or user.role not in self.roles:
            return self.none()
        return self.filter(casino=user.casino_id)


def personal(roles: tuple) -> type[PersonalQuerySet]:
    return type("PersonalQuerySet", (PersonalQuerySet,), {"roles": tuple(roles)})


class AdmissionPolicy(models.Model):
    """A version of the casino's admission policy, in force from its day until the next: the values our texts do not
    give, each with the reference of the casino's act that fixes it."""

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="admission_policies")
    minimum_age = models.PositiveSmallIntegerField(_("âge minimum"))
    age_reference = models.CharField(_("référence de l'âge minimum"), max_length=200)
    retention_days = models.PositiveIntegerField(_("conservation des données personnelles (jours)"))
    retention_reference = models.CharField(_("référence de la durée de conservation"), max_length=200)
    effective_from = models.DateField(_("en vigueur le"))
    recorded_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    recorded_at = models.DateTimeField(auto_now_add=True)

    objects = scoped_queryset(casino="casino", jurisdiction="casino__jurisdiction").as_manager()

    class Meta:
        ordering = ["casino", "-effective_from", "-pk"]
        verbose_name = _("politique d'admission")
        constraints = [
            models.UniqueConstraint(fields=["casino", "effective_from"], name="admissionpolicy_one_a_day"),
            models.CheckConstraint(condition=Q(retention_days__gt=0), name="admissionpolicy_retention_positive"),
        ]

    def __str__(self):
        return f"{self.casino_id} {self.effective_from} ({self.minimum_age})"


class Admission(models.Model):
    """An admission card issued at the door: who (names and birth date), the identity document seen (its kind and the
    last digits of its number: no more is kept), the card's kind and its days."""

    class Kind(models.TextChoices):
        DAILY = "journaliere", _("Carte journalière")
        ANNUAL = "annuelle", _("Carte annuelle")

    class Document(models.TextChoices):
        ID_CARD = "carte_identite", _("Carte d'identité")
        PASSPORT = "passeport", _("Passeport")
        RESIDENCE = "titre_sejour", _("Titre de séjour")
        DRIVING = "permis_conduire", _("Permis de conduire")

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="admissions")
    number = models.PositiveIntegerField(_("n° de carte"))
    kind = models.CharField(_("carte"), max_length=20, choices=Kind.choices)
    guest = models.BooleanField(_("invité d'honneur"), default=False)
    price = models.DecimalField(_("prix"), max_digits=10, decimal_places=2)
    last_name = models.CharField(_("nom"), max_length=120)
    first_name = models.CharField(_("prénom"), max_length=120)
    birth_date = models.DateField(_("date de naissance"))
    document = models.CharField(_("pièce d'identité"), max_length=20, choices=Document.choices)
    document_end = models.CharField(_("derniers caractères du numéro"), max_length=4)
    valid_from = models.DateField(_("valable du"))
    valid_until = models.DateField(_("valable jusqu'au"))
    issued_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    issued_at = models.DateTimeField(auto_now_add=True)

    objects = personal(ADMISSION_READERS).as_manager()

    class Meta:
        ordering = ["casino", "-valid_from", "-number"]
        verbose_name = _("carte d'admission")
        constraints = [
            models.UniqueConstraint(fields=["casino", "number"], name="admission_one_number"),
            models.CheckConstraint(condition=Q(guest=False) | Q(price=0), name="admission_guest_free"),
            models.CheckConstraint(condition=Q(price__gte=0), name="admission_price_not_negative"),
            models.CheckConstraint(condition=Q(valid_until__gte=models.F("valid_from")), name="admission_days"),
        ]

    def __str__(self):
        return f"{self.casino_id} n° {self.number}"


class Exclusion(models.Model):
    """A person the casino excludes, as its own data says: from the establishment or from its poker room only, from a
    day until another (or until lifted), with the source the management names (a decision, a request)."""

    class Scope(models.TextChoices):
        ESTABLISHMENT = "etablissement", _("L'établissement")
        POKER_ROOM = "salon_poker", _("Le salon de poker")

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="exclusions")
    number = models.PositiveIntegerField(_("n° d'exclusion"))
    last_name = models.CharField(_("nom"), max_length=120)
    first_name = models.CharField(_("prénom"), max_length=120)
    birth_date = models.DateField(_("date de naissance"))
    scope = models.CharField(_("exclu de"), max_length=20, choices=Scope.choices)
    source = models.CharField(_("source"), max_length=200)
    starts_on = models.DateField(_("du"))
    ends_on = models.DateField(_("au"), null=True, blank=True)
    recorded_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    recorded_at = models.DateTimeField(auto_now_add=True)

    objects = personal(EXCLUSION_READERS).as_manager()

    class Meta:
        ordering = ["casino", "-starts_on", "-number"]
        verbose_name = _("exclusion")
        constraints = [
            models.UniqueConstraint(fields=["casino", "number"], name="exclusion_one_number"),
            models.CheckConstraint(condition=Q(ends_on__isnull=True) | Q(ends_on__gte=models.F("starts_on")),
                                   name="exclusion_days"),
        ]

    def __str__(self):
        return f"{self.casino_id} exclusion n° {self.number}"
