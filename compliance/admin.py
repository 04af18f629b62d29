from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin

from .models import AuditEvent, Casino, JobRun, Jurisdiction, User


@admin.register(Jurisdiction)
class JurisdictionAdmin(admin.ModelAdmin):
    list_display = ["code", "name_fr", "currency", "locale", "timezone"]


@admin.register(Casino)
class CasinoAdmin(admin.ModelAdmin):
    list_display = ["code", "name", "jurisdiction", "licence_number"]
    list_filter = ["jurisdiction"]


@admin.register(User)
class UserAdmin(DjangoUserAdmin):
    list_display = ["username", "role", "casino", "jurisdiction", "is_active"]
    list_filter = ["role", "casino", "jurisdiction"]
    fieldsets = (*DjangoUserAdmin.fieldsets, ("Vigie", {"fields": ("role", "casino", "jurisdiction",
                                                                    "preferred_language")}))


@admin.register(JobRun)
class JobRunAdmin(admin.ModelAdmin):
    list_display = ["id", "casino", "kind", "status", "created_at"]
    readonly_fields = [f.name for f in JobRun._meta.fields]


@admin.register(AuditEvent)
class AuditEventAdmin(admin.ModelAdmin):
    """Read only: PostgreSQL refuses any change to an audit event anyway."""

    list_display = ["at", "action", "actor", "casino", "jurisdiction", "target_type", "target_id"]
    list_filter = ["action", "casino", "jurisdiction"]
    list_select_related = ["actor", "casino", "jurisdiction"]
    readonly_fields = [f.name for f in AuditEvent._meta.fields]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False
