"""The rule texts as data: instruments and their articles, regulated values keyed by effective
date, games with their bet types, pay tables exactly as printed, and hand rankings.

Everything here is loaded from games/rules/ by `rules_load` and never edited through the product.
Rule texts are public law: every signed-in user may read them, whatever their casino.
"""

from django.contrib.postgres.indexes import GinIndex
from django.contrib.postgres.search import SearchVector, SearchVectorField
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from compliance.scoping import ScopedQuerySet


class PublicQuerySet(ScopedQuerySet):
    """Published rules: readable by any active signed-in user, whatever their scope."""

    def visible_to(self, user) -> "PublicQuerySet":
        if user is None or not user.is_authenticated or not user.is_active:
            return self.none()
        return self


class InstrumentKind(models.TextChoices):
    DECRET = "decret", _("Décret")
    ARRETE_MINISTERIEL = "arrete_ministeriel", _("Arrêté ministériel")
    REGLEMENT_GRAND_DUCAL = "reglement_grand_ducal", _("Règlement grand-ducal")
    PROJET = "projet", _("Projet de règlement")
    # a rulebook a house adopts (e.g. a tournament rulebook); binding only where adopted
    REGLEMENT_PRIVE = "reglement_prive", _("Règlement privé")


class InstrumentStatus(models.TextChoices):
    DRAFT = "draft", _("Projet")
    IN_FORCE = "in_force", _("En vigueur")
    REPEALED = "repealed", _("Abrogé")


class LegalInstrument(models.Model):
    slug = models.SlugField(unique=True)
    jurisdiction = models.ForeignKey("compliance.Jurisdiction", null=True, blank=True, on_delete=models.PROTECT)
    kind = models.CharField(max_length=32, choices=InstrumentKind.choices)
    number = models.CharField(max_length=40, blank=True)
    title = models.TextField()
    cite_as = models.CharField(max_length=100)
    amended_cite_as = models.CharField(max_length=100, blank=True)
    amends = models.TextField(blank=True)
    date_signed = models.DateField(null=True, blank=True)
    publication = models.TextField(blank=True)
    status = models.CharField(max_length=16, choices=InstrumentStatus.choices)
    effective_from = models.DateField()
    effective_to = models.DateField(null=True, blank=True)
    effective_from_note = models.TextField()
    source_file = models.CharField(max_length=120)

    objects = PublicQuerySet.as_manager()

    class Meta:
        ordering = ["jurisdiction__code", "effective_from", "slug"]
        verbose_name = _("instrument juridique")
        verbose_name_plural = _("instruments juridiques")

    def __str__(self):
        return self.cite_as

    def get_absolute_url(self) -> str:
        return reverse("rules-instrument", args=[self.slug])

    @property
    def is_draft(self) -> bool:
        return self.status == InstrumentStatus.DRAFT


class ArticleRole(models.TextChoices):
    # the instrument's own provision ("Art. 1er. Le règlement … est modifié comme suit")
    DISPOSITIF = "dispositif", _("Disposition de l'instrument")
    # the text it inserts into, or substitutes in, the regulation it amends
    TEXTE_INTRODUIT = "texte_introduit", _("Texte introduit")


class Article(models.Model):
    instrument = models.ForeignKey(LegalInstrument, on_delete=models.CASCADE, related_name="articles")
    role = models.CharField(max_length=16, choices=ArticleRole.choices)
    number = models.CharField(max_length=20)
    position = models.PositiveIntegerField()
    heading = models.TextField(blank=True)
    text = models.TextField()
    introduced_by = models.ForeignKey("self", null=True, blank=True, on_delete=models.CASCADE, related_name="carries")
    action = models.CharField(max_length=10, blank=True)
    amends_note = models.TextField(blank=True)
    effective_from = models.DateField()
    effective_to = models.DateField(null=True, blank=True)
    search = models.GeneratedField(
        expression=SearchVector("heading", weight="A", config="french")
        + SearchVector("text", weight="B", config="french"),
        output_field=SearchVectorField(),
        db_persist=True,
    )

    objects = PublicQuerySet.as_manager()

    class Meta:
        ordering = ["instrument", "position"]
        constraints = [
            models.UniqueConstraint(fields=["instrument", "role", "number"], name="article_unique_number"),
            # checked at the commit: a text's new version may insert an article, rules_load moves the others one by one
            models.UniqueConstraint(fields=["instrument", "position"], name="article_unique_position",
                                    deferrable=models.Deferrable.DEFERRED),
            models.CheckConstraint(
                condition=Q(effective_to__isnull=True) | Q(effective_to__gt=models.F("effective_from")),
                name="article_effective_period",
            ),
        ]
        indexes = [GinIndex(fields=["search"], name="article_search_gin")]

    def __str__(self):
        return self.citation()

    def get_absolute_url(self) -> str:
        role = "art" if self.role == ArticleRole.TEXTE_INTRODUIT else "dispositif"
        return reverse("rules-article", args=[self.instrument.slug, role, self.number])

    def citation(self, point: str = "") -> str:
        instrument = self.instrument
        prefix = instrument.amended_cite_as if self.role == ArticleRole.TEXTE_INTRODUIT else instrument.cite_as
        label = f"{prefix} {self.number}" if self.number.startswith("§") else f"{prefix} art. {self.number}"
        if self.number[:1].isalpha():  # a part with no number (a decree's « attendus »)
            label = f"{prefix}, {self.number}"
        return f"{label} {point}".strip()


class Cited(models.Model):
    """Anything that rests on an article (and optionally a point of it: `6°`, `al. 2`)."""

    article = models.ForeignKey(Article, on_delete=models.PROTECT, related_name="+")
    point = models.CharField(max_length=80, blank=True)

    class Meta:
        abstract = True

    @property
    def citation(self) -> str:
        return self.article.citation(self.point)


class HandRanking(Cited):
    key = models.CharField(max_length=100, unique=True)
    jurisdiction = models.ForeignKey("compliance.Jurisdiction", null=True, blank=True, on_delete=models.PROTECT)
    name = models.TextField()
    name_en = models.TextField(blank=True)
    note = models.TextField(blank=True)

    objects = PublicQuerySet.as_manager()

    class Meta:
        ordering = ["key"]

    def __str__(self):
        return self.key

    def get_absolute_url(self) -> str:
        return reverse("rules-ranking", args=[self.key])


class HandClass(models.Model):
    ranking = models.ForeignKey(HandRanking, on_delete=models.CASCADE, related_name="classes")
    position = models.PositiveSmallIntegerField(help_text=_("1 = la plus haute"))
    key = models.CharField(max_length=100)
    label = models.TextField()
    description = models.TextField(blank=True)
    members = models.JSONField(default=list, blank=True)

    objects = PublicQuerySet.as_manager()

    class Meta:
        ordering = ["ranking", "position"]
        constraints = [
            models.UniqueConstraint(fields=["ranking", "position"], name="handclass_unique_position"),
            models.UniqueConstraint(fields=["ranking", "key"], name="handclass_unique_key"),
        ]

    def __str__(self):
        return f"{self.ranking.key}#{self.position} {self.key}"


class Game(Cited):
    key = models.CharField(max_length=100, unique=True)
    jurisdiction = models.ForeignKey("compliance.Jurisdiction", null=True, blank=True, on_delete=models.PROTECT)
    name = models.TextField()
    name_en = models.TextField(blank=True)
    description = models.TextField(blank=True)
    ranking = models.ForeignKey(HandRanking, null=True, blank=True, on_delete=models.PROTECT, related_name="games")
    articles = models.ManyToManyField(Article, related_name="games", blank=True)

    objects = PublicQuerySet.as_manager()

    class Meta:
        ordering = ["jurisdiction__code", "key"]

    def __str__(self):
        return self.key

    def get_absolute_url(self) -> str:
        return reverse("rules-game", args=[self.key])


class RuleValue(models.Model):
    """One regulated value (a limit, a deadline, a ratio …); its versions carry the values."""

    key = models.CharField(max_length=100, unique=True)
    jurisdiction = models.ForeignKey("compliance.Jurisdiction", null=True, blank=True, on_delete=models.PROTECT)
    game = models.ForeignKey(Game, null=True, blank=True, on_delete=models.PROTECT, related_name="parameters")
    description = models.TextField()
    description_en = models.TextField(blank=True)
    unit = models.CharField(max_length=20)
    note = models.TextField(blank=True)

    objects = PublicQuerySet.as_manager()

    class Meta:
        ordering = ["key"]

    def __str__(self):
        return self.key


class RuleValueVersion(Cited):
    rule = models.ForeignKey(RuleValue, on_delete=models.CASCADE, related_name="versions")
    effective_from = models.DateField()
    # decimals are kept as strings so nothing passes through a float; null = repealed from that date
    value = models.JSONField(null=True, blank=True)
    note = models.TextField(blank=True)

    objects = PublicQuerySet.as_manager()

    class Meta:
        ordering = ["rule", "effective_from"]
        constraints = [models.UniqueConstraint(fields=["rule", "effective_from"], name="rulevalue_unique_date")]

    def __str__(self):
        return f"{self.rule_id}@{self.effective_from}"


class JurisdictionProfile(models.Model):
    """A jurisdiction's profile as loaded from games/rules/profiles/<code>.yaml: what the code calls each of its rules
    (concept → key), the features that apply there (dated, with their article) and the engine of each of its games.
    The code reads the validated files (compliance.profiles); this copy shows what was loaded and lets
    `rules_load --check` see a file that changed."""

    jurisdiction = models.OneToOneField("compliance.Jurisdiction", on_delete=models.PROTECT, related_name="+")
    concepts = models.JSONField(default=dict)
    features = models.JSONField(default=dict)
    engines = models.JSONField(default=dict)

    objects = PublicQuerySet.as_manager()

    class Meta:
        ordering = ["jurisdiction__code"]

    def __str__(self):
        return f"profil {self.jurisdiction_id}"


class PayTable(models.Model):
    key = models.CharField(max_length=100, unique=True)
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="paytables")
    title = models.TextField()
    title_en = models.TextField(blank=True)

    objects = PublicQuerySet.as_manager()

    class Meta:
        ordering = ["key"]

    def __str__(self):
        return self.key

    def get_absolute_url(self) -> str:
        return reverse("rules-paytable", args=[self.key])


class BetType(Cited):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="bet_types")
    position = models.PositiveSmallIntegerField()
    key = models.CharField(max_length=100)
    name = models.TextField()
    name_en = models.TextField(blank=True)
    description = models.TextField(blank=True)
    paytable = models.ForeignKey(PayTable, null=True, blank=True, on_delete=models.PROTECT, related_name="bet_types")

    objects = PublicQuerySet.as_manager()

    class Meta:
        ordering = ["game", "position"]
        constraints = [models.UniqueConstraint(fields=["game", "key"], name="bettype_unique_key")]

    def __str__(self):
        return self.key


class OddsReading(models.TextChoices):
    """How a printed « X à Y » / « X pour Y » is paid; the printed word alone does not always say."""

    # X won per Y staked, the stake returned on top
    NET = "a", _("gain net, mise rendue")
    # X returned in all per Y staked, stake included
    TOTAL = "pour", _("montant total rendu, mise comprise")


class PayTableVersion(Cited):
    paytable = models.ForeignKey(PayTable, on_delete=models.CASCADE, related_name="versions")
    effective_from = models.DateField()
    note = models.TextField(blank=True)
    # the reading the text's own words support (its evidence below); blank: the printed word's
    reading = models.CharField(max_length=4, choices=OddsReading.choices, blank=True)
    reading_note = models.TextField(blank=True)
    reading_note_en = models.TextField(blank=True)

    objects = PublicQuerySet.as_manager()

    class Meta:
        ordering = ["paytable", "effective_from"]
        constraints = [models.UniqueConstraint(fields=["paytable", "effective_from"], name="paytable_unique_date")]

    def __str__(self):
        return f"{self.paytable_id}@{self.effective_from}"


class PayTableReadingEvidence(Cited):
    """Words of a text, quoted exactly, that show which reading of a pay table's odds it means."""

    version = models.ForeignKey(PayTableVersion, on_delete=models.CASCADE, related_name="reading_evidence")
    position = models.PositiveSmallIntegerField()
    quote = models.TextField()

    objects = PublicQuerySet.as_manager()

    class Meta:
        ordering = ["version", "position"]
        constraints = [models.UniqueConstraint(fields=["version", "position"], name="readingevidence_unique_position")]

    def __str__(self):
        return f"{self.version_id}#{self.position}"


class PayoutKind(models.TextChoices):
    # "X à Y" or "X pour Y"
    ODDS = "odds", _("Cote")
    # a fixed amount ("20 000 $")
    FIXED = "fixed", _("Montant fixe")
    # a share of the progressive jackpot ("100 % du lot progressif")
    PROGRESSIVE_SHARE = "progressive_share", _("Part du lot progressif")


class OddsNotation(models.TextChoices):
    """The word printed between the figures; how it is paid is the version's reading (OddsReading)."""

    # "X à Y" (the printed word, never translated)
    A = "a", "à"
    # "X pour Y"
    POUR = "pour", "pour"


class PayTableLine(models.Model):
    version = models.ForeignKey(PayTableVersion, on_delete=models.CASCADE, related_name="lines")
    position = models.PositiveSmallIntegerField()
    label = models.TextField()
    odds_printed = models.TextField()
    qualifier = models.TextField(blank=True)
    hand = models.CharField(max_length=100, blank=True)
    payout_kind = models.CharField(max_length=20, choices=PayoutKind.choices)
    numerator = models.DecimalField(max_digits=14, decimal_places=4, null=True, blank=True)
    denominator = models.DecimalField(max_digits=14, decimal_places=4, null=True, blank=True)
    notation = models.CharField(max_length=4, choices=OddsNotation.choices, blank=True)
    amount = models.DecimalField(max_digits=14, decimal_places=2, null=True, blank=True)
    currency = models.CharField(max_length=3, blank=True)
    share = models.DecimalField(max_digits=7, decimal_places=4, null=True, blank=True)
    note = models.TextField(blank=True)

    objects = PublicQuerySet.as_manager()

    class Meta:
        ordering = ["version", "position"]
        constraints = [
            models.UniqueConstraint(fields=["version", "position"], name="paytableline_unique_position"),
            models.CheckConstraint(
                condition=(
                    Q(payout_kind="odds", numerator__gt=0, denominator__gt=0, notation__in=["a", "pour"])
                    | Q(payout_kind="fixed", amount__gt=0, currency__in=["CAD", "EUR"])
                    | Q(payout_kind="progressive_share", share__gt=0, share__lte=1)
                ),
                name="paytableline_payout_consistent",
            ),
        ]

    def __str__(self):
        return f"{self.label} — {self.odds_printed}"

    @property
    def odds_parsed(self) -> str:
        if self.payout_kind == PayoutKind.ODDS:
            word = "à" if self.notation == OddsNotation.A else "pour"
            return f"{self.numerator.normalize():f} {word} {self.denominator.normalize():f}"
        if self.payout_kind == PayoutKind.FIXED:
            fixed = gettext("montant fixe")
            return f"{self.amount} {self.currency} ({fixed})"
        of_jackpot = gettext("du lot progressif")
        return f"{(self.share * 100).normalize():f} % {of_jackpot}"


class HandDistribution(models.Model):
    """Exact count of every hand of one kind per fine class ("pair:Q"), computed once and kept."""

    kind = models.CharField(max_length=40, unique=True)
    algorithm = models.PositiveIntegerField()  # bumped when the counting changes: older rows are recomputed
    total = models.BigIntegerField()
    counts = models.JSONField()
    seconds = models.DecimalField(max_digits=8, decimal_places=3)
    computed_at = models.DateTimeField(auto_now=True)

    objects = PublicQuerySet.as_manager()

    class Meta:
        ordering = ["kind"]
        constraints = [models.CheckConstraint(condition=Q(total__gt=0), name="handdistribution_total_positive")]

    def __str__(self):
        return f"{self.kind} ({self.total})"


class StrategyEvaluation(models.Model):
    """A strategy-dependent game's return under one stored strategy, exact or simulated."""

    class Status(models.TextChoices):
        QUEUED = "queued", _("En attente")
        RUNNING = "running", _("En cours")
        SUCCEEDED = "succeeded", _("Terminé")
        FAILED = "failed", _("Échec")

    game = models.CharField(max_length=60)
    strategy = models.CharField(max_length=60)
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.QUEUED)
    progress_done = models.PositiveBigIntegerField(default=0)
    progress_total = models.PositiveBigIntegerField(default=1)
    method = models.CharField(max_length=20, blank=True)
    optimal = models.BooleanField(null=True)
    expected = models.CharField(max_length=200, blank=True)  # exact fraction "n/d", or the simulated mean
    expected_decimal = models.DecimalField(max_digits=14, decimal_places=10, null=True)
    ci_low = models.DecimalField(max_digits=14, decimal_places=10, null=True)
    ci_high = models.DecimalField(max_digits=14, decimal_places=10, null=True)
    rounds = models.PositiveBigIntegerField(null=True)
    average_stake = models.DecimalField(max_digits=14, decimal_places=10, null=True)
    citations = models.JSONField(default=list)
    details = models.JSONField(default=dict)
    error = models.TextField(blank=True)
    seconds = models.DecimalField(max_digits=10, decimal_places=3, null=True)
    updated_at = models.DateTimeField(auto_now=True)

    objects = PublicQuerySet.as_manager()

    class Meta:
        ordering = ["game", "strategy"]
        constraints = [
            models.UniqueConstraint(fields=["game", "strategy"], name="strategyevaluation_unique"),
            models.CheckConstraint(condition=Q(progress_done__lte=models.F("progress_total")),
                                   name="strategyevaluation_progress_within_total"),
        ]

    def __str__(self):
        return f"{self.game} / {self.strategy} ({self.status})"
