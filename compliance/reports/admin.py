from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from .models import SigningCertificate


@admin.register(SigningCertificate)
class SigningCertificateAdmin(admin.ModelAdmin):
    """Read only: certificates are issued and revoked through the services, which audit them; a revocation is made on
    the product's page (its reason asked, then confirmed), which each one links to."""

    list_display = ["subject", "holder", "serial", "not_after", "revoked_at", "revocation"]
    list_filter = ["holder", "revoked_at"]
    readonly_fields = [*(field.name for field in SigningCertificate._meta.fields), "revocation"]

    @admin.display(description=_("révocation"))
    def revocation(self, certificate: SigningCertificate) -> str:
        if certificate.revoked_at:
            return certificate.revocation_reason
        return format_html('<a href="{}">{}</a>', reverse("reports-certificate-revoke", args=[certificate.pk]),
                           _("Révoquer…"))

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
