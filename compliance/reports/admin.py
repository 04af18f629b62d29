from django.contrib import admin

from .models import SigningCertificate


@admin.register(SigningCertificate)
class SigningCertificateAdmin(admin.ModelAdmin):
    """Read only: certificates are issued and revoked through the services, which audit them."""

    list_display = ["subject", "holder", "serial", "not_after", "revoked_at"]
    list_filter = ["holder", "revoked_at"]
    readonly_fields = [field.name for field in SigningCertificate._meta.fields]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
