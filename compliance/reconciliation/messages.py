"""What the reconciliation says: each kind of finding's message, and its refusals. Constants, so tests assert them and
translators find them; a finding keeps its values, so it reads in either language."""

import contextlib
import datetime
from decimal import Decimal, InvalidOperation

from babel.numbers import format_decimal
from django.utils import translation
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from compliance import formatting
from registers.arretes.controls import Filed, difference
from registers.kinds import entry_kind_label, register_kind_label

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
    "poker_plafond": _("Table {table} : {counted} au-delà de {rate} % de la cagnotte ({hands}) ; "
                       "{amount} de trop."),
    "poker_retenue": _("Table {table} : {counted} autrement qu'au taux de la séance "
                       "({listed}) : retenue déclarée par le système du salon {declared}, recalculée {computed} ; "
                       "écart brut {gross}, net {amount}."),
    "poker_cagnotte": _("Table {table} : retenues des mains {declared}, cagnotte comptée {register} (écart "
                        "{amount})."),
    "poker_progressif": _("Table {table} : incréments du jackpot progressif des mains {declared}, relevé de fin de "
                          "séance {register} (écart {amount})."),
    "poker_increments": _("Table {table} : incréments des jackpots déclarés {declared}, recalculés {computed} "
                          "(écart {amount})."),
    "poker_bad_beat": _("Table {table} : incréments du bad beat jackpot des mains {declared}, registre {register} "
                        "(écart {amount})."),
    "poker_carnet": _("Table {table} : carnet de compte de la panne du bad beat jackpot {noted}, retenues des mains "
                      "{deals} (écart {amount})."),
    "poker_orphelin": _("Table {table}, séance {session} : la mise consignée de {amount} de {player} (place {seat}) "
                        "n'est pas portée aux orphelins."),
    "poker_gains": _("Table {table} : {counted} autrement que les cartes ne le disent ({hands})."),
    "poker_relance": _("Table {table} : {counted} avec une relance hors des limites de la version ({hands})."),
    "poker_version": _("Table {table} : {counted} hors de la version ou des blinds fixées pour la séance "
                       "({hands})."),
    "poker_avoir": _("Table {table} : {counted} où un joueur participe avec un avoir sous le minimum "
                     "indiqué à la table ({hands})."),
    "poker_tapis": _("Table {table} : {counted} où un joueur commence avec moins que ce que la main précédente "
                     "lui a laissé ({hands})."),
    "poker_recave": _("Table {table} : {counted} après une recave au-delà du maximum fixé par le règlement "
                      "intérieur ({hands})."),
    "prelevement_retard": _("Prélèvement du {levied} ({amount}) viré au receveur des Contributions le {made}, après "
                            "son échéance du {due}."),
    "prelevement_manquant": _("Prélèvement du {levied} ({amount}) : aucun virement au receveur des Contributions "
                              "enregistré à son échéance du {due}."),
    # a session opened otherwise than the arrêté in force fixes: {difference} is written from its values by the
    # arrêté values' own message (registers/arretes), in the reader's language
    "arrete": _("Table {table}, séance {session} : {difference}"),
    # a poker séance's caisse de change (registers/poker_room, compliance/reconciliation/poker_seances.py)
    "poker_non_fermee": _("Table {table} : la séance du {day} n'a pas été fermée, sa caisse de change n'a pas été "
                          "comptée."),
    "poker_caisse": _("Table {table} : caisse de change fermée sur {closing}, ouverte sur {opening} (écart {amount}), "
                      "sans explication."),
    # the notices the texts require displayed (registers/notices, compliance/reconciliation/notices.py)
    "avis_non_affiche": _("Journée du {day} : « {notice} », que les textes exigent d'afficher ce jour-là, n'était "
                          "affiché nulle part."),
    # the direction's register (registers/direction, compliance/reconciliation/direction.py)
    "direction_absente": _("Journée du {day}, de {start} à {end} : des jeux fonctionnent (tables {tables}) sans que le "
                           "directeur responsable ni un membre du comité de direction qui le remplace soit inscrit "
                           "présent au journal."),
    "direction_journee": _("Journée du {day} : les tables {tables} ont joué, sans heures connues (séances reprises "
                           "d'un fichier), et aucune présence du directeur responsable ou de son remplaçant n'est "
                           "inscrite au journal ce jour-là."),
    "employe_non_designe": _("Journée du {day} : l'écriture n° {seq} du registre « {register} » ({act}) est faite par "
                             "{employee}, que le directeur n'avait pas désigné(e) pour cet acte ce jour-là."),
    # a progressive lot's board read at a séance's close (registers/tables/progressif, compliance/reconciliation/
    # progressif.py)
    "lot_progressif": _("Table {table}, séance {session} : le panneau du lot « {lot} » affichait {displayed} à la "
                        "fermeture ; le compte du lot donne {expected} (relevé précédent {previous}, contributions "
                        "{contribution}, gains du lot {won}, remises à la valeur de départ {reset}) ; écart {amount}."),
}

# the words that follow a finding's count, in their singular or plural (« 1 main retenue », « 2 mains retenues »): its
# message names them {counted}, from the count its finding keeps
COUNTED = {
    "poker_plafond": lambda n: ngettext("%(n)s main retenue", "%(n)s mains retenues", n),
    "poker_retenue": lambda n: ngettext("%(n)s main sur %(of)s retenue", "%(n)s mains sur %(of)s retenues", n),
    "poker_gains": lambda n: ngettext("%(n)s main payée", "%(n)s mains payées", n),
    "poker_relance": lambda n: ngettext("%(n)s main", "%(n)s mains", n),
    "poker_version": lambda n: ngettext("%(n)s main", "%(n)s mains", n),
    "poker_avoir": lambda n: ngettext("%(n)s main", "%(n)s mains", n),
    "poker_tapis": lambda n: ngettext("%(n)s main", "%(n)s mains", n),
    "poker_recave": lambda n: ngettext("%(n)s main", "%(n)s mains", n),
}

MONEY = ("opening", "closing", "float", "amount", "drop", "declared", "computed", "register", "gross", "noted",
         "deals", "displayed", "expected", "previous", "contribution", "won", "reset")
PERCENTS = ("hold", "low", "high", "confidence", "rate")
DAYS = ("day", "previous_day", "levied", "due", "made")


def rendered(kind: str, params: dict, language: str | None = None, casino=None) -> str:
    """A finding's message in `language` (the reader's when None); with its casino, its amounts, percentages and
    days as the reader writes them (« 3 600,00 € », « 18,25 », « 24 novembre 2026 »)."""
    if language is not None:
        with translation.override(language):
            return rendered(kind, params, casino=casino)
    given = _Given(_shown(params, casino) if casino is not None else params)
    count = str(params.get("count", ""))
    if kind in COUNTED and count.isdigit():  # kept as a number or as its text
        given["counted"] = COUNTED[kind](int(count)) % {"n": count, "of": params.get("hands", "—")}
    if kind == "arrete":
        given["difference"] = arrete_difference(params, casino)
    if kind == "employe_non_designe":  # the register's and the act's names in the reader's language
        given["register"] = register_kind_label(str(params.get("register", "")))
        given["act"] = entry_kind_label(str(params.get("act", "")))
    return str(MESSAGES[kind]).format_map(given)


def arrete_difference(params: dict, casino=None) -> str:
    """An arrêté finding's difference in the active language, from the values it keeps."""
    version = Filed(Decimal(params["configured"]), params["reference"], datetime.date.fromisoformat(params["since"]))
    jurisdiction = casino.jurisdiction if casino is not None else None
    currency = casino.currency if casino is not None else params.get("currency", "")
    return difference(params["measure"], params["observed"], version, "", currency=currency,
                      jurisdiction=jurisdiction).text(jurisdiction)


class _Given(dict):
    """A finding's values; one its message names but an older finding did not keep (written before the message
    said more) reads « — »."""

    def __missing__(self, key: str) -> str:
        return "—"


def _shown(params: dict, casino) -> dict:
    """Each value as the reader writes it; one that is not a number or a day (« — » for a count not made) as written."""
    jurisdiction, shown = casino.jurisdiction, dict(params)
    for keys, show in ((MONEY, lambda value: formatting.money(Decimal(value), currency=casino.currency,
                                                               jurisdiction=jurisdiction)),
                       (PERCENTS, lambda value: format_decimal(Decimal(value), format="#,##0.00",
                                                               locale=formatting.babel_locale(jurisdiction))),
                       (DAYS, lambda value: formatting.date(datetime.date.fromisoformat(value),
                                                            jurisdiction=jurisdiction))):
        for key in keys:
            if params.get(key) not in (None, ""):
                with contextlib.suppress(InvalidOperation, ValueError):
                    shown[key] = show(params[key])
    return shown


NO_COUNTER = _("un seul compteur")

# refusals
NOT_STAFF = _("Seul le personnel du casino rapproche ses journées et suit leurs constats.")
ACCEPT_MANAGER = _("Seul un membre de la direction accepte un constat.")
EXPLAIN_FIRST = _("Un constat s'accepte une fois expliqué par la comptabilité.")
NOT_OPEN = _("Ce constat est « {state} » : il ne s'explique plus.")
NOT_EXPLAINED = _("Ce constat est « {state} » : il ne s'accepte plus.")
DAY_REQUIRED = _("Un rapprochement se demande avec sa journée de jeu (« gaming_day »).")
LAST_BEFORE_FIRST = _("La dernière journée précède la première.")
CONFIDENCE = "VIGIE_HOLD_CONFIDENCE must lie strictly between 0 and 1, not {value}"  # a setting's error, for admins
