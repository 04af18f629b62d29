"""Electronic registers: one hash chain per casino and register kind, append-only in the database.

LU RGD 1979 art. 18-15, 89-1 and 97-1 allow electronic registers "with guarantees equivalent" to paper.
Entries and checkpoints are never updated nor deleted: PostgreSQL triggers refuse it and the
application's role holds no such privilege (migration 0001). Corrections are new entries.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from compliance.models import Casino
from compliance.scoping import scoped_queryset

from ..kinds import RegisterKind


class Register(models.Model):
    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="registers", verbose_name=_("casino"))
    kind = models.CharField(_("registre"), max_length=30, choices=RegisterKind.choices)

    objects = scoped_queryset(casino="casino", jurisdiction="casino__jurisdiction").as_manager()

    class Meta:
        ordering = ["casino__code", "kind"]
        verbose_name = _("registre")
        constraints = [models.UniqueConstraint(fields=["casino", "kind"], name="register_unique_kind")]

    def __str__(self):
        return f"{self.casino.code}/{self.kind}"

    @property
    def label(self) -> str:
        return f"{self.casino.code}/{self.kind}"


class Entry(models.Model):
    register = models.ForeignKey(Register, on_delete=models.PROTECT, related_name="entries")
    seq = models.PositiveBigIntegerField(_("n°"))
    kind = models.CharField(_("nature"), max_length=60)
    gaming_day = models.DateField(_("journée de jeu"))
    refers_to = models.ForeignKey("self", on_delete=models.PROTECT, null=True, blank=True, related_name="followers")
    payload = models.TextField()  # canonical JSON, exactly as hashed
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    countersigner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    recorded_at = models.DateTimeField()
    prev_hash = models.CharField(max_length=64)
    hash = models.CharField(max_length=64)  # unique in each partition (migration 0020)

    objects = scoped_queryset(casino="register__casino", jurisdiction="register__casino__jurisdiction").as_manager()

    class Meta:
        ordering = ["register", "seq"]
        verbose_name = _("écriture")
        # Partitioned by casino and year (migration 0020): the n° and the link to the entry before are unique in each
        # partition, and a trigger holds every new entry to its register's head across them (no gap, no fork).
        constraints = [
            models.CheckConstraint(condition=Q(seq__gte=1), name="entry_seq_positive"),
            models.CheckConstraint(condition=~Q(countersigner=models.F("actor")), name="entry_two_people"),
        ]
        indexes = [models.Index(fields=["register", "kind", "gaming_day"], name="entry_kind_day")]  # daily statements

    def __str__(self):
        return f"{self.register_id}#{self.seq} {self.kind}"


class KeptEntry(models.Model):
    """The live entries and every archived year's (the view « registers_entry_kept », migration 0021): what a
    verification reads, so that a chain still verifies from its first entry once a year of it is archived."""

    id = models.BigIntegerField(primary_key=True)
    register = models.ForeignKey(Register, on_delete=models.DO_NOTHING, related_name="+", db_constraint=False)
    seq = models.PositiveBigIntegerField()
    kind = models.CharField(max_length=60)
    gaming_day = models.DateField()
    refers_to_id = models.BigIntegerField(null=True)
    payload = models.TextField()
    actor_id = models.BigIntegerField()
    countersigner_id = models.BigIntegerField(null=True)
    recorded_at = models.DateTimeField()
    prev_hash = models.CharField(max_length=64)
    hash = models.CharField(max_length=64)

    objects = scoped_queryset(casino="register__casino", jurisdiction="register__casino__jurisdiction").as_manager()

    class Meta:
        managed = False
        db_table = "registers_entry_kept"

    def __str__(self):
        return f"{self.register_id}#{self.seq} {self.kind}"


class ArchivedHead(models.Model):
    """A register's last entry in a year its casino archived (`year_archive`): its chain goes on from there when no
    live entry follows it (the register's first entry after the archive; migration 0027)."""

    register = models.ForeignKey(Register, on_delete=models.PROTECT, related_name="+")
    year = models.PositiveSmallIntegerField()
    seq = models.PositiveBigIntegerField()
    hash = models.CharField(max_length=64)

    objects = scoped_queryset(casino="register__casino", jurisdiction="register__casino__jurisdiction").as_manager()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["register", "year"], name="archivedhead_register_year")]

    def __str__(self):
        return f"{self.register_id}#{self.seq} ({self.year})"


class Checkpoint(models.Model):
    """The register's head (size, hash) signed with the casino's Ed25519 key, kept outside the database."""

    register = models.ForeignKey(Register, on_delete=models.PROTECT, related_name="checkpoints")
    size = models.PositiveBigIntegerField()
    head_hash = models.CharField(max_length=64)
    signed_at = models.DateTimeField()
    signature = models.CharField(max_length=128)
    public_key = models.CharField(max_length=64)  # hex, to name the key; verification uses the pinned key
    reason = models.CharField(max_length=40)  # "session_close" | "on_demand"
    signed_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")

    objects = scoped_queryset(casino="register__casino", jurisdiction="register__casino__jurisdiction").as_manager()

    class Meta:
        ordering = ["register", "size", "signed_at"]

    def __str__(self):
        return f"{self.register_id}@{self.size}"


class VerifiedCheckpoint(models.Model):
    """A signed checkpoint a verification found the chain agreeing with, every entry up to it recomputed: the next
    verification starts from it (registers_verify --full starts again from the first entry). Vigie's own record, not
    an entry of the register: a regulator's verification writes it too."""

    register = models.ForeignKey(Register, on_delete=models.PROTECT, related_name="+")
    checkpoint = models.ForeignKey(Checkpoint, on_delete=models.PROTECT, related_name="verifications")
    verified_at = models.DateTimeField()
    full = models.BooleanField()  # walked from the first entry, or from the checkpoint verified before
    entries = models.PositiveBigIntegerField()  # the entries that verification recomputed

    objects = scoped_queryset(casino="register__casino", jurisdiction="register__casino__jurisdiction").as_manager()

    class Meta:
        ordering = ["register", "-checkpoint__size", "-verified_at"]

    def __str__(self):
        return f"{self.checkpoint} ✓ {self.verified_at:%Y-%m-%d %H:%M}"


class GamingSession(models.Model):
    """A casino's gaming day; once closed, nothing more is filed on it and every register is checkpointed."""

    casino = models.ForeignKey(Casino, on_delete=models.PROTECT, related_name="sessions")
    gaming_day = models.DateField(_("journée de jeu"))
    closed_at = models.DateTimeField()
    closed_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")

    objects = scoped_queryset(casino="casino", jurisdiction="casino__jurisdiction").as_manager()

    class Meta:
        ordering = ["casino", "-gaming_day"]
        constraints = [models.UniqueConstraint(fields=["casino", "gaming_day"], name="session_closed_once")]

    def __str__(self):
        return f"{self.casino.code} {self.gaming_day}"


class PendingEntry(models.Model):
    """A filing waiting for its countersignature: not evidence yet, so not in the chain. The
    countersignature appends it, with both people, and links it here."""

    register = models.ForeignKey(Register, on_delete=models.PROTECT, related_name="pending")
    kind = models.CharField(_("nature"), max_length=60)
    gaming_day = models.DateField(_("journée de jeu"))
    refers_to = models.ForeignKey(Entry, on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    payload = models.TextField()
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    countersigner_role = models.CharField(max_length=20)  # the role the rule requires of the second person
    citation = models.CharField(max_length=120)  # the article that requires two people
    created_at = models.DateTimeField(auto_now_add=True)
    entry = models.OneToOneField(Entry, on_delete=models.PROTECT, null=True, blank=True, related_name="pending")

    objects = scoped_queryset(casino="register__casino", jurisdiction="register__casino__jurisdiction").as_manager()

    class Meta:
        ordering = ["created_at"]
        verbose_name = _("écriture à contresigner")

    def __str__(self):
        return f"{self.register_id} {self.kind} ({'contresignée' if self.entry_id else 'en attente'})"
