"""Regulator-facing pages over the rules: instruments → articles → games → pay tables, full-text
search, and what was in force on a date. Read-only, thin callers of games.selectors."""

import datetime
from urllib.parse import urlencode

from django import forms
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import gettext_lazy

from compliance.errors import DomainError
from games import coverage, selectors
from games.models import ArticleRole
from games.rtp.engine import ModelError
from games.rtp.present import page_variants
from games.rtp.roue import EXAMPLE, segments_from_text
from games.rtp.selectors import progressive_from_text, rtp_report, wheel_report

# Article URLs say "art" for the text of the regulation as amended (what people cite) and
# "dispositif" for the amending instrument's own provisions.
OPEN_GROUPS = 6  # themes shown unfolded at once, when a search or a filter narrowed the values to so few
ROLE_SLUGS = {"art": ArticleRole.TEXTE_INTRODUIT, "dispositif": ArticleRole.DISPOSITIF}


def _or_404(obj):
    if obj is None:
        raise Http404
    return obj


def _date_param(request) -> tuple[datetime.date, str | None]:
    try:
        return selectors.day_from_text(request.GET.get("date"), field="date", default=timezone.localdate()), None
    except DomainError as exc:
        return timezone.localdate(), str(exc.message)


@login_required
def rules_index(request):
    return render(request, "games/index.html", {
        "groups": selectors.instrument_groups(user=request.user), "games": selectors.game_list(user=request.user),
        "paytables": selectors.paytable_list(user=request.user), "today": timezone.localdate()})


@login_required
def instrument_detail(request, slug):
    instrument = _or_404(selectors.instrument_get(user=request.user, slug=slug))
    return render(request, "games/instrument.html", {
        "instrument": instrument, "articles": selectors.article_list(user=request.user, instrument=instrument)})


@login_required
def article_detail(request, slug, role, number):
    if role not in ROLE_SLUGS:
        raise Http404
    article = _or_404(selectors.article_get(user=request.user, slug=slug, role=ROLE_SLUGS[role], number=number))
    uses = selectors.article_uses(user=request.user, article=article)
    return render(request, "games/article.html", {
        "article": article, "uses": uses,
        "applied": coverage.article_applied(article=article, values=[v.rule for v in uses.values])})


@login_required
def article_search(request):
    text = request.GET.get("q", "").strip()[:200]
    hits = selectors.article_search(user=request.user, text=text) if text else []
    return render(request, "games/search.html", {"q": text, "hits": hits})


@login_required
def in_force(request):
    on, error = _date_param(request)
    return render(request, "games/in_force.html", {
        "state": selectors.in_force_on(user=request.user, on=on), "error": error,
        "raw_date": request.GET.get("date", "")})


@login_required
def game_list(request):
    return render(request, "games/game_list.html", {"games": selectors.game_list(user=request.user)})


@login_required
def game_detail(request, key):
    game = _or_404(selectors.game_get(user=request.user, key=key))
    return render(request, "games/game.html", {"game": game, "today": timezone.localdate()})


@login_required
def wheel_check(request):
    """A roue de fortune configuration checked against QC RJC art. 117 and 122 (a calculator: stores nothing)."""
    text = request.POST.get("segments", EXAMPLE) if request.method == "POST" else EXAMPLE
    context = {"text": text}
    try:
        context["report"] = wheel_report(segments=segments_from_text(text), on=timezone.localdate())
    except DomainError as exc:
        context["error"] = exc.message
    return render(request, "games/wheel.html", context)


@login_required
def paytable_detail(request, key):
    paytable = _or_404(selectors.paytable_get(user=request.user, key=key))
    on = timezone.localdate()
    context = {"paytable": paytable, "current": selectors.paytable_version_at(paytable=paytable, on=on),
               "current_with_drafts": selectors.paytable_version_at(paytable=paytable, on=on, drafts=True)}
    if context["current_with_drafts"] is not None:
        context |= _rtp_context(request, paytable, on)
    return render(request, "games/paytable.html", context)


def _rtp_context(request, paytable, on) -> dict:
    raw = (request.GET.get("progressive") or "").strip()
    try:
        amount = progressive_from_text(raw)
    except DomainError as exc:
        return {"rtp_error": exc.message}
    try:
        report = rtp_report(user=request.user, key=paytable.key, on=on, progressive=amount)
    except ModelError as exc:
        return {"rtp_error": str(exc)}
    has_progressive = any(line.payout_kind == "progressive_share" for line in
                          selectors.paytable_version_at(paytable=paytable, on=on, drafts=True).lines.all())
    return {"rtp": report, "rtp_variants": page_variants(report), "progressive": raw,
            "has_progressive": has_progressive}


@login_required
def ranking_detail(request, key):
    return render(request, "games/ranking.html",
                  {"ranking": _or_404(selectors.ranking_get(user=request.user, key=key))})


class ValueFilter(forms.Form):
    """The values page's search and filters, from the address; a refused value names its field, the others apply."""

    q = forms.CharField(label=gettext_lazy("Rechercher"), required=False, max_length=100, error_messages={
        "max_length": gettext_lazy("Rechercher : 100 caractères au plus.")})
    juridiction = forms.ChoiceField(label=gettext_lazy("Juridiction"), required=False, error_messages={
        "invalid_choice": gettext_lazy("Juridiction : « %(value)s » n'est pas une juridiction connue.")})
    texte = forms.ChoiceField(label=gettext_lazy("Texte"), required=False, error_messages={
        "invalid_choice": gettext_lazy("Texte : « %(value)s » n'est pas un texte chargé.")})
    theme = forms.CharField(required=False, max_length=100, widget=forms.HiddenInput)
    cle = forms.CharField(required=False, max_length=100, widget=forms.HiddenInput)

    def __init__(self, *args, jurisdictions, instruments, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["juridiction"].choices = [("", gettext_lazy("Toutes")), *jurisdictions,
                                              (selectors.NO_JURISDICTION, gettext_lazy("Règlement privé"))]
        self.fields["texte"].choices = [("", gettext_lazy("Tous")), *instruments]
        for field in self.fields.values():
            select = isinstance(field.widget, forms.Select)
            field.widget.attrs["class"] = "form-select" if select else "form-control"
        self.is_valid()
        for name in self.errors:
            self.fields[name].widget.attrs["class"] += " is-invalid"
        self.values = {name: value.strip() for name, value in self.cleaned_data.items() if value and value.strip()}


@login_required
def value_list(request):
    form = ValueFilter(request.GET, jurisdictions=selectors.jurisdiction_choices(),
                       instruments=selectors.instrument_choices(user=request.user))
    values = form.values
    groups = selectors.rule_value_groups(user=request.user, text=values.get("q", ""),
                                         jurisdiction=values.get("juridiction", ""),
                                         instrument=values.get("texte", ""), theme=values.get("theme", ""),
                                         key=values.get("cle", ""))
    narrowed = bool(values)
    return render(request, "games/value_list.html", {
        "form": form, "groups": groups, "narrowed": narrowed, "count": sum(len(group.rules) for group in groups),
        # all open once narrowed to a few; else each theme folded, reached from the contents above
        "open": narrowed and len(groups) <= OPEN_GROUPS,
        "filters": urlencode({name: value for name, value in values.items() if name in ("q", "juridiction", "texte")}),
    })
