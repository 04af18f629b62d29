"""The search page the header's box leads to (compliance/search.py finds, each app's searchers within the user's
scope): thin, it reads and shows."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.views.decorators.http import require_safe

from . import search as finder


@login_required
@require_safe
def search(request):
    raw = request.GET.get("q", "")
    results = finder.search(user=request.user, text=raw)
    # one exact hit and nothing else: its page at once, as a card's n° typed at the desk expects (?tout=1 lists it)
    if len(results.hits) == 1 and results.hits[0].exact and request.GET.get("tout") != "1":
        return redirect(results.hits[0].url)
    return render(request, "compliance/search.html", {
        "q": results.query.text, "results": results, "too_short": bool(results.query.text) and not results.hits
        and len(results.query.text) < finder.MIN_LENGTH, "min_length": finder.MIN_LENGTH,
        "max_length": finder.MAX_LENGTH})
