"""API of the admissions and exclusions (/api/v1/registers/<casino>/admissions/ …), mirroring their page. Personal
data goes only to the roles registers/models/admissions.py names: the admission cards to the casino's own staff, the
exclusion list to its management (each reading audited); a regulator reads the policy and the day's counts, never a
name. The services do every check the forms have, each refusal naming its field in French and English."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response

from compliance import selectors as compliance_selectors
from compliance.api.inputs import Input
from compliance.errors import PermissionDeniedError
from compliance.models import User

from ..chain.api import ScopedObjectApi, created, writes
from ..chain.inputs import Amount, RegisterText, choice, day, flag, whole
from ..models import Admission, Exclusion
from . import errors, selectors
from .services import REFERENCE_MAX, admission_issue, admission_policy_set, exclusion_record, exclusions_read

PERSONAL = "personal data: only to the casino's own staff (admissions) or its management (exclusions)"


class AdmissionOutput(serializers.Serializer):
    number = serializers.IntegerField()
    kind = serializers.CharField(help_text="journaliere or annuelle, as the casino's texts name them")
    guest = serializers.BooleanField(help_text="an honour guest's card, free, issued by the management")
    price = serializers.DecimalField(max_digits=10, decimal_places=2, coerce_to_string=True)
    last_name = serializers.CharField()
    first_name = serializers.CharField()
    birth_date = serializers.DateField()
    document = serializers.CharField(help_text="the kind of identity document seen")
    document_end = serializers.CharField(help_text="its number's last 2 to 4 characters: no more is kept")
    valid_from = serializers.DateField()
    valid_until = serializers.DateField()
    issued_by = serializers.CharField(source="issued_by.username")


class CountsOutput(serializers.Serializer):
    daily = serializers.IntegerField()
    annual = serializers.IntegerField()
    guests = serializers.IntegerField()
    refused = serializers.IntegerField(help_text="persons refused at the door that day, on the exclusion list")
    exclusions = serializers.IntegerField(help_text="exclusions in force that day")


class AdmissionsOutput(serializers.Serializer):
    day = serializers.DateField()
    counts = CountsOutput()
    admissions = AdmissionOutput(many=True, help_text="the cards valid that day: " + PERSONAL + "; [] otherwise")


class AdmissionInput(Input):
    kind = choice(Admission.Kind.values, help_text="a kind of admission card the casino's texts name (`invalid`)")
    guest = flag(required=False, default=False, help_text="an honour guest's card: the management's, free")
    price = Amount(allow_zero=True, required=False, default="0")
    last_name = RegisterText()
    first_name = RegisterText()
    birth_date = day(help_text="the casino's minimum age is checked on the day (`under_age`)")
    document = choice(Admission.Document.values, help_text="the identity document seen")
    document_end = RegisterText(max_length=4, help_text="its number's last 2 to 4 letters or digits (`invalid`)")


class AdmissionsApi(ScopedObjectApi):
    def resolve(self, request, casino):
        self.casino = compliance_selectors.casino_get(user=request.user, code=casino)

    @extend_schema(responses=AdmissionsOutput)
    def get(self, request, casino):
        """Today's admission cards and counts; a person excluded at the door is counted, never named."""
        today = self.casino.today()
        return Response(AdmissionsOutput({
            "day": today, "counts": selectors.admission_counts(self.casino, today),
            "admissions": selectors.admissions_on(request.user, self.casino, today)}).data)

    @extend_schema(request=AdmissionInput, responses=writes({201: AdmissionOutput}))
    def post(self, request, casino):
        """An admission card issued at the door (`excluded`, `under_age` refuse the person)."""
        data = AdmissionInput(data=request.data)
        data.is_valid(raise_exception=True)
        return created(AdmissionOutput(admission_issue(casino=self.casino, actor=request.user,
                                                       **data.validated_data)))


class ExclusionOutput(serializers.Serializer):
    number = serializers.IntegerField()
    last_name = serializers.CharField()
    first_name = serializers.CharField()
    birth_date = serializers.DateField()
    scope = serializers.CharField(help_text="etablissement, or salon_poker: the poker room only")
    source = serializers.CharField(help_text="the decision or the request the exclusion rests on, as the casino "
                                   "names it")
    starts_on = serializers.DateField()
    ends_on = serializers.DateField(allow_null=True)


class ExclusionInput(Input):
    last_name = RegisterText()
    first_name = RegisterText()
    birth_date = day()
    scope = choice(Exclusion.Scope.values)
    source = RegisterText(max_length=REFERENCE_MAX)
    starts_on = day()
    ends_on = day(required=False, allow_null=True, default=None)


class ExclusionsApi(ScopedObjectApi):
    def resolve(self, request, casino):
        self.casino = compliance_selectors.casino_get(user=request.user, code=casino)

    @extend_schema(responses=ExclusionOutput(many=True))
    def get(self, request, casino):
        """The casino's exclusion list, to its management only; each reading is audited."""
        if request.user.casino_id != self.casino.pk or request.user.role != User.Role.MANAGER:
            raise PermissionDeniedError(errors.MANAGER_ONLY)
        return Response(ExclusionOutput(exclusions_read(user=request.user, casino=self.casino), many=True).data)

    @extend_schema(request=ExclusionInput, responses=writes({201: ExclusionOutput}))
    def post(self, request, casino):
        data = ExclusionInput(data=request.data)
        data.is_valid(raise_exception=True)
        return created(ExclusionOutput(exclusion_record(casino=self.casino, actor=request.user,
                                                        **data.validated_data)))


class PolicyOutput(serializers.Serializer):
    minimum_age = serializers.IntegerField()
    age_reference = serializers.CharField(help_text="the casino's act that fixes the age: not one of Vigie's texts")
    retention_days = serializers.IntegerField()
    retention_reference = serializers.CharField()
    effective_from = serializers.DateField()
    recorded_by = serializers.CharField(source="recorded_by.username")


class PolicyInput(Input):
    minimum_age = whole(help_text="in years, 16 to 25 (`invalid`)")
    age_reference = RegisterText(max_length=REFERENCE_MAX)
    retention_days = whole(help_text="how long the personal data is kept after a card's or an exclusion's end, in "
                           "days, 1 to 3650 (`invalid`)")
    retention_reference = RegisterText(max_length=REFERENCE_MAX)
    effective_from = day(help_text="one version a day (`duplicate`)")


class PolicyApi(ScopedObjectApi):
    def resolve(self, request, casino):
        self.casino = compliance_selectors.casino_get(user=request.user, code=casino)

    @extend_schema(responses=PolicyOutput(many=True))
    def get(self, request, casino):
        """Every version of the casino's admission policy, the latest first."""
        return Response(PolicyOutput(selectors.policy_versions(self.casino), many=True).data)

    @extend_schema(request=PolicyInput, responses=writes({201: PolicyOutput}))
    def post(self, request, casino):
        data = PolicyInput(data=request.data)
        data.is_valid(raise_exception=True)
        return created(PolicyOutput(admission_policy_set(casino=self.casino, actor=request.user,
                                                         **data.validated_data)))
