"""The automatic checks of a request, run when it is filed and again on each answer: each gives findings, a rule with
its article, the value found beside the value required, a severity and a sentence in French and in English. A
blocking finding does not refuse the filing: the regulator decides, seeing it."""

import datetime
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal

from django.utils import translation
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from compliance import formatting
from compliance.errors import DomainError
from compliance.models import Casino, User
from compliance.profiles import applies
from games.rtp.roue import odds_parsed, segments_from_text
from games.rtp.selectors import rtp_compute, wheel_report
from games.selectors import paytable_data, rule_value_at
from registers.appareils.selectors import reserve_after

from .kinds import Form

BLOCKING, WARNING, INFO = "bloquant", "avertissement", "information"
RETURN_CODE, READING_CODE = "retour", "lecture"  # the pay-table findings the demo and the pages look for
READINGS = {"a": "à", "pour": "pour"}  # the odds' word: « 3 à 1 » pays 3 and the stake, « 3 pour 1 » pays 3 in all

RETURN = _("Taux de retour de « {table} » lu « {reading} » : {proposed} demandé, {current} en vigueur.")
RETURN_BY_PLAY = _("Le retour de « {table} » dépend du jeu du joueur (modèle {model}) : il se calcule avec la "
                   "stratégie évaluée, non ligne à ligne ; la table demandée est à examiner avec elle.")
RETURN_READINGS = _("La table se lit de deux façons (« {default} » retenue, « {alternative} » possible) : "
                    "{default_rate} ou {alternative_rate}. La lecture est à trancher avec la décision.")
BELOW_MINIMUM = _("Le retour de la mise « {bet} » serait de {rate}, sous le minimum de {floor}.")
WHEEL_OK = _("Chaque mise de la roue rend au moins {floor} ; la plus faible rend {rate}.")
WHEEL_REFUSED = _("La configuration de la roue n'est pas recevable : {reason}")
NOTIFIED_LATE = _("Modification notifiée le {filed}, après sa prise d'effet le {effective} : la notification est "
                  "immédiate.")
NOTIFIED = _("Modification notifiée le {filed}, avant sa prise d'effet le {effective}.")
NOTICE_SHORT = _("Arrêt le {stop}, annoncé le {filed} : {days} avant, il en faut {required}.")
NOTICE_OK = _("Arrêt le {stop}, annoncé le {filed} : {days} avant ({required} requis).")
NOT_PRIOR = _("Changement d'état le {date}, annoncé le {filed} : l'information du Ministre est préalable.")
RESERVE_OVER = _("Après cette mise en réserve, {reserve} sur {installed} : {share}, au-delà de {limit}.")
RESERVE_OK = _("Après cette mise en réserve, {reserve} sur {installed} : {share}.")
CERTIFICATE = _("Certificat du fournisseur produit : le système peut être mis en service dès cette production, "
                "sans attendre de décision ; l'autorité en accuse réception.")
PUBLISHED_LATE = _("Règles publiées le {published} pour un tournoi du {start} : {days} avant, il en faut "
                   "{required}.")
PUBLISHED_OK = _("Règles publiées le {published}, {days} avant le tournoi du {start}.")
CONTENT_MISSING = _("Les règles publiées doivent inclure : {content}.")
LINK_OUTSIDE = _("Le casino « {code} » n'est pas un casino de la juridiction : le jackpot ne peut le relier.")
LINK_ONE = _("Un jackpot relié entre casinos en relie au moins deux : {given}.")
RATE_RECORDED = _("Taux de redistribution annoncé : {rate}.")
MANUAL_TOO = _("Les cartes « {cards} », agréées pour les mélangeurs-distributeurs, le seront également pour les jeux "
               "conduits manuellement.")


@dataclass(frozen=True)
class Found:
    code: str
    citation: str
    severity: str
    message: object  # a lazy French sentence with {placeholders}
    params: dict = field(default_factory=dict)
    found: object = ""  # the value found and the value required, written in French (a Percent as « 93,27 % »)
    required: object = ""

    def text(self, language: str) -> str:
        with translation.override(language):
            return str(self.message).format(**{key: _shown(key, value) for key, value in self.params.items()})

    def values(self) -> tuple[str, str]:
        with translation.override("fr"):
            return str(_shown("found", self.found)), str(_shown("required", self.required))


def _shown(key: str, value):
    """A value of a check's sentence as people write it: « 28 novembre 2026 », « 6 jours »."""
    if isinstance(value, datetime.date):
        return formatting.date(value, jurisdiction=None)
    if key == "days" and isinstance(value, int):
        return formatting.days(value)
    if key in COUNTED and isinstance(value, int):
        return COUNTED[key](value) % {"n": value}
    return value


# the counts a sentence names with their words, in the singular or the plural
COUNTED = {
    "reserve": lambda n: ngettext("%(n)s appareil en réserve", "%(n)s appareils en réserve", n),
    "installed": lambda n: ngettext("%(n)s installé", "%(n)s installés", n),
    "given": lambda n: ngettext("%(n)s donné", "%(n)s donnés", n),
}


@dataclass(frozen=True)
class Context:
    casino: Casino
    actor: User
    items: dict
    filed_on: datetime.date
    form: Form


class Percent:
    """A rate as a sentence writes it in the language it is written in (« 93,27 % », "93.27 %")."""

    def __init__(self, value):
        self.value = Decimal(str(value)) * 100

    def __str__(self) -> str:
        text = f"{self.value:.2f} %"
        return text.replace(".", ",") if (translation.get_language() or "fr").startswith("fr") else text

    def __format__(self, spec: str) -> str:
        return str(self)

    def __eq__(self, other) -> bool:
        return isinstance(other, Percent) and self.value == other.value

    __hash__ = None


def _percent(value) -> Percent:
    return Percent(value)


def _day(text: str) -> datetime.date:
    return datetime.date.fromisoformat(text)


def _rule(context: Context, key: str):
    return rule_value_at(jurisdiction=context.casino.jurisdiction, key=key, on=context.filed_on, drafts=True)


def paytable(context: Context) -> list[Found]:
    """The return asked for under both readings of the odds beside the one in force; in Monaco, the change
    notified at once (« immédiatement notifiée »)."""
    items = context.items
    current = paytable_data(user=context.actor, key=items["table"], on=context.filed_on)
    proposed = {**current, "lines": [
        {**line, "odds": items["paiements"].get(str(line["position"]), line["odds"]),
         "parsed": odds_parsed(items["paiements"][str(line["position"])]) or line["parsed"]}
        if str(line["position"]) in items["paiements"] else line for line in current["lines"]]}
    now, asked = rtp_compute(table=current, on=context.filed_on), rtp_compute(table=proposed, on=context.filed_on)
    default, alternative = asked["default_reading"], asked["alternative_reading"]

    def rate(result: dict, reading: str) -> Percent | None:
        variants = result["readings"][reading]
        value = variants[0].get("return") if variants else None
        return Percent(value["decimal"]) if value else None

    citation = current["citation"]["text"]
    if rate(asked, default) is None or rate(now, default) is None:  # the player's play decides it (blackjack …)
        by_play = {"table": current["title"], "model": asked["model"]}
        return [Found(RETURN_CODE, citation, INFO, RETURN_BY_PLAY, by_play), *_notified(context)]
    found = [Found(RETURN_CODE, citation, INFO, RETURN, {"table": current["title"], "reading": READINGS[default],
                                                      "proposed": rate(asked, default), "current": rate(now, default)},
                   found=rate(asked, default), required=rate(now, default))]
    if rate(asked, default).value != rate(asked, alternative).value:
        found.append(Found(READING_CODE, citation, WARNING, RETURN_READINGS, {
            "default": READINGS[default], "alternative": READINGS[alternative], "default_rate": rate(asked, default),
            "alternative_rate": rate(asked, alternative)}, found=rate(asked, alternative),
            required=rate(asked, default)))
    return found + _notified(context)


def _notified(context: Context) -> list[Found]:
    """Monaco: a change of the payouts is notified to the authority at once (« immédiatement notifiée »)."""
    if not applies(context.casino.jurisdiction, "paiements.notification_immediate", context.filed_on):
        return []
    notice = _rule(context, "uth.notification_modification_paiements")
    effective = _day(context.items["date_effet"])
    late = effective < context.filed_on
    return [Found("notification", str(notice.citation), WARNING if late else INFO, NOTIFIED_LATE if late else NOTIFIED,
                  {"filed": context.filed_on, "effective": effective}, found=context.filed_on,
                  required=str(notice.value))]


def wheel(context: Context) -> list[Found]:
    """QC RJC: each bet of the wheel returns at least the minimum, the wheel has its number of segments."""
    floor = _rule(context, "roue_de_fortune.taux_retour_minimum")
    try:
        report = wheel_report(segments=segments_from_text(context.items["segments"]), on=context.filed_on)
    except DomainError as refused:
        below = refused.code == "below_minimum_return"
        return [Found("roue_minimum" if below else "roue", str(floor.citation), BLOCKING,
                      WHEEL_REFUSED, {"reason": str(refused.message)}, found=str(refused.message)[:300],
                      required=_percent(floor.value))]
    lowest = report["lowest_return"]["decimal"]
    return [Found("roue_minimum", str(floor.citation), INFO, WHEEL_OK,
                  {"floor": _percent(floor.value), "rate": _percent(lowest)}, found=_percent(lowest),
                  required=_percent(floor.value))]


# each stop's notice and the rule giving its days (LU RGD 1979 art. 49-11, the progressive; 49-14 al. 2, the bad beat)
STOP_NOTICES = {"arret_jackpot": "jackpot_progressif.preavis_arret_volontaire",
                "arret_bad_beat": "bad_beat_jackpot.preavis_arret_volontaire"}


def jackpot_stop(context: Context) -> list[Found]:
    """LU: a voluntary stop of the progressive jackpot (art. 49-11) or of the bad beat (art. 49-14 al. 2: « sous
    réserve d'en informer le Ministre des Finances dans les quinze jours qui précèdent ») is announced to the
    Minister so many days ahead as the rule data says."""
    notice = _rule(context, STOP_NOTICES[context.form.kind.key])
    stop = _day(context.items["date_arret"])
    days = (stop - context.filed_on).days
    short = days < notice.value
    return [Found("preavis", str(notice.citation), BLOCKING if short else INFO, NOTICE_SHORT if short else NOTICE_OK,
                  {"stop": stop, "filed": context.filed_on, "days": days, "required": notice.value},
                  found=f"{days}", required=f"{notice.value}")]


def machine_status(context: Context) -> list[Found]:
    """LU: the Minister is told beforehand of a machine's change of status; the reserve stays within its share of
    the machines installed."""
    events = _rule(context, "appareils_a_sous.evenements_information_prealable")
    date = _day(context.items["date_evenement"])
    found = []
    if date < context.filed_on:
        found.append(Found("prealable", str(events.citation), BLOCKING, NOT_PRIOR,
                           {"date": date, "filed": context.filed_on}, found=context.filed_on, required=date))
    if context.items["evenement"] == events.value[0]:  # « mis en réserve »
        limit = _rule(context, "appareils_a_sous.reserve_max")
        installed, reserve = reserve_after(context.casino, context.items["numero_serie"])
        share = Decimal(reserve) / Decimal(installed) if installed else Decimal(1)
        over = share > limit.value
        found.append(Found("reserve", str(limit.citation), BLOCKING if over else INFO,
                           RESERVE_OVER if over else RESERVE_OK,
                           {"reserve": reserve, "installed": installed, "share": _percent(share),
                            "limit": _percent(limit.value)}, found=_percent(share), required=_percent(limit.value)))
    return found


def card_system(context: Context) -> list[Found]:
    """LU: the system is not put into service before its supplier's certificate is produced."""
    rule = _rule(context, "carte_de_jeu.certificat_avant_mise_en_service")
    return [Found("certificat", str(rule.citation), INFO, CERTIFICATE, found=context.items["systeme"])]


def tournament(context: Context) -> list[Found]:
    """QC, for the requests filed before art. 125 was read as a publication: the rules hold what the article asks and
    are public a week before the start; LU: the rules are approved (the request itself)."""
    if not applies(context.casino.jurisdiction, "tournois.regles_publiees", context.filed_on):
        return []
    ahead = _rule(context, "tournoi.regles_publiees_avant")
    content = _rule(context, "tournoi.regles_contenu")
    start, published = _day(context.items["date_debut"]), _day(context.items["publication"])
    days, required = (start - published).days, ahead.value * 7 if ahead.unit == "weeks" else ahead.value
    late = days < required
    found = [Found("publication", str(ahead.citation), BLOCKING if late else INFO,
                   PUBLISHED_LATE if late else PUBLISHED_OK,
                   {"published": published, "start": start, "days": days, "required": required},
                   found=str(days), required=str(required))]
    found.append(Found("contenu", str(content.citation), INFO, CONTENT_MISSING,
                       {"content": ", ".join(str(item) for item in content.value)}))
    return found


def progressive_link(context: Context) -> list[Found]:
    """LU: machines of several casinos of the jurisdiction, linked to one displayed progressive jackpot."""
    codes = context.items["casinos"]
    citation = context.form.citation
    found = []
    if len(set(codes)) < 2:
        found.append(Found("liaison", citation, BLOCKING, LINK_ONE, {"given": len(set(codes))}, found=str(len(codes)),
                           required="2"))
    here = set(Casino.objects.filter(jurisdiction=context.casino.jurisdiction).values_list("code", flat=True))
    found += [Found("liaison_casino", citation, BLOCKING, LINK_OUTSIDE, {"code": code}, found=code)
              for code in codes if code not in here]
    return found


def shuffler_cards(context: Context) -> list[Found]:
    """LU art. 7-1 al. 2: « Les cartes agréées pour les mélangeurs-distributeurs le sont également pour les jeux
    conduits manuellement »: the approval asked covers the manual games too."""
    return [Found("jeux_manuels", context.form.citation, INFO, MANUAL_TOO, {"cards": context.items["cartes"]},
                  found=context.items["cartes"])]


def semi_automatic(context: Context) -> list[Found]:
    """LU: the seven items given; the redistribution rate stated (the rate's floor, art. 18-7, is not in the data)."""
    return [Found("taux", context.form.citation, INFO, RATE_RECORDED,
                  {"rate": _percent(context.items["taux_redistribution"])},
                  found=_percent(context.items["taux_redistribution"]))]


CHECKS: dict[str, Callable[[Context], list[Found]]] = {
    "table_de_paiement": paytable,
    "roue_de_fortune": wheel,
    "arret_jackpot": jackpot_stop,
    "arret_bad_beat": jackpot_stop,
    "cartes_melangeur": shuffler_cards,
    "etat_appareil": machine_status,
    "systeme_cartes": card_system,
    "tournoi": tournament,
    "liaison_progressif": progressive_link,
    "semi_automatique": semi_automatic,
}


def run(context: Context) -> list[Found]:
    """The checks of the request's kind (none beyond its items for the others)."""
    check = CHECKS.get(context.form.kind.key)
    return check(context) if check else []
