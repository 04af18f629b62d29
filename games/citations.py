"""A citation written on a page as the rule data gives it: the instrument's prefix, and « (projet) » after a draft's
articles, so that no page cites a draft as law in force. Python code cites through rule values
(`rule_value_at(...).citation`); templates, which name articles in prose, through `{% cite %}` (templatetags)."""

from .models import Article, InstrumentStatus, LegalInstrument


def instrument_citation(slug: str, articles: str) -> str:
    """`articles` ("art. 8, 18-12" or "§4.2") under the instrument's prefix; a draft says so."""
    instrument = LegalInstrument.objects.filter(slug=slug).only("cite_as", "amended_cite_as", "status").first()
    if instrument is None:
        return articles
    prefix = instrument.amended_cite_as or instrument.cite_as
    draft = " (projet)" if instrument.status == InstrumentStatus.DRAFT else ""
    return f"{prefix} {articles}{draft}"


def jurisdiction_citation(jurisdiction, slug: str, articles: str) -> str:
    """`instrument_citation` where `jurisdiction` (a Jurisdiction or its code) is the instrument's, or the instrument
    is a private rulebook of none; "" elsewhere: a page cites its own casino's texts or nothing."""
    code = getattr(jurisdiction, "code", jurisdiction)
    found = LegalInstrument.objects.filter(slug=slug).values_list("jurisdiction__code", flat=True)
    if not found or found[0] not in (None, code):
        return ""
    return instrument_citation(slug, articles)


def drafts_of(jurisdiction_code: str) -> list[str]:
    """The draft instruments of a jurisdiction whose rules the product applies, each as it is cited: what a casino
    there applies as a draft, and must say on what basis."""
    instruments = LegalInstrument.objects.filter(jurisdiction__code=jurisdiction_code, status=InstrumentStatus.DRAFT)
    return [f"{i.amended_cite_as or i.cite_as} (projet)" for i in instruments.order_by("slug")]


def article_cited(article: Article, point: str = "") -> str:
    """An article (and a point of it) as a page or the API writes it: a draft's with « (projet) »."""
    draft = " (projet)" if article.instrument.status == InstrumentStatus.DRAFT else ""
    return f"{article.citation(point)}{draft}"
