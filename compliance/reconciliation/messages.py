"""What the reconciliation says: each kind of finding's message, and its refusals. Constants, so tests assert them and
translators find them; a finding keeps its values, so it reads in either language."""

import datetime
from decimal import Decimal, InvalidOperation

from babel.numbers import format_decimal
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from compliance import formatting

MESSAGES = {
    "serie_trou": _("Bordereaux de {year} : aucun bordereau n° {missing}, entre le n° {before} et le n° {after} "
                    "(table {table})."),
    "serie_doublon": _("Bordereaux de {year} : le n° {serial} est porté {count} fois (tables {tables})."),
    "non_fermee": _("La table {table} ouverte le {day} (séance {session}) n'a pas d'inventaire de fermeture."),
    "inventaire": _("Table {table}, séance {session} : l'inventaire d'ouverture, {opening}, n'est pas l'inventaire "
                    "de fermeture de la séance précédente du {previous_day}, {closing} (écart {amount})."),
    "avance": _("Table {table}, séance {session} : l'inventaire de fermeture, {closing}, ne reconstitue pas "
                "l'avance de {float} (écart {amount})."),
    "drop_absent": _("Table {table}, séance {session} : la table est fermée et son drop n'est pas compté."),
    "drop": _("Table {table}, séance {session} : le drop de {drop} n'est pas compté par deux personnes "
              "({counters})."),
    "hold": _("Table {table} : hold du jour de {hold} %, hors de la bande attendue de {low} % à {high} % "
              "({days} journées d'historique, confiance {confidence} %) ; écart de {amount} avec sa borne."),
    "commission": _("Table {table}, séance {session} : commissions déclarées {declared}, recalculées {computed} "
                    "à partir des mains (écart {amount})."),
}



MONEY = ("opening", "closing", "float", "amount", "drop", "declared", "computed")
PERCENTS = ("hold", "low", "high", "confidence")
DAYS = ("day", "previous_day")


def rendered(kind: str, params: dict, language: str | None = None, casino=None) -> str:
    """A finding's message in `language` (the reader's when None); with its casino, its amounts, percentages and
    days as the reader writes them (« 3 600,00 € », « 18,25 », « 24 novembre 2026 »)."""
    if language is not None:
        with translation.override(language):
            return rendered(kind, params, casino=casino)
    return str(MESSAGES[kind]).format(**(_shown(params, casino) if casino is not None else params))


def _shown(params: dict, casino) -> dict:
    jurisdiction, shown = casino.jurisdiction, dict(params)
    try:
        for key in MONEY:
            if params.get(key) not in (None, ""):
                shown[key] = formatting.money(Decimal(params[key]), currency=casino.currency,
                                              jurisdiction=jurisdiction)
        for key in PERCENTS:
            if params.get(key) not in (None, ""):
                shown[key] = format_decimal(Decimal(params[key]), format="#,##0.00",
                                            locale=formatting.babel_locale(jurisdiction))
        for key in DAYS:
            if params.get(key) not in (None, ""):
                shown[key] = formatting.date(datetime.date.fromisoformat(params[key]), jurisdiction=jurisdiction)
    except (InvalidOperation, ValueError):  # a value kept as written: shown as written
        return params
    return shown


NO_COUNTER = _("un seul compteur")

# refusals
NOT_STAFF = _("Seul le personnel du casino rapproche ses journées et suit leurs constats.")
ACCEPT_MANAGER = _("Seul un membre de la direction accepte un constat.")
EXPLAIN_FIRST = _("Un constat s'accepte une fois expliqué par la comptabilité.")
NOT_OPEN = _("Ce constat est « {state} » : il ne s'explique plus.")
NOT_EXPLAINED = _("Ce constat est « {state} » : il ne s'accepte plus.")
LAST_BEFORE_FIRST = _("La dernière journée précède la première.")
CONFIDENCE = "VIGIE_HOLD_CONFIDENCE must lie strictly between 0 and 1, not {value}"  # a setting's error, for admins
