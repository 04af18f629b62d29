from django import template

from games.citations import drafts_of, instrument_citation, jurisdiction_citation

register = template.Library()

LU_DRAFT = "lu-projet-rgd-1979"  # the registers' text: the Luxembourg draft RGD, applied as such


@register.simple_tag
def cite(articles: str, instrument: str = LU_DRAFT) -> str:
    """{% cite "art. 18-15" %} → « LU RGD 1979 art. 18-15 (projet) », on a page of Luxembourg only."""
    return instrument_citation(instrument, articles)


@register.simple_tag
def cite_in(jurisdiction, articles: str, instrument: str = LU_DRAFT) -> str:
    """{% cite_in casino.jurisdiction "art. 18-15 al. 2" as guarantees %}: the citation where the page's casino is
    under that instrument, else "" (a Québec or Monaco page cites its own texts or none)."""
    return jurisdiction_citation(jurisdiction, instrument, articles)


@register.simple_tag
def drafts(jurisdiction) -> list[str]:
    """{% drafts casino.jurisdiction as texts %}: the drafts the product applies there."""
    return drafts_of(jurisdiction.code)
