"""`registers_audit`'s checks of the poker room's entries (registers/chain/audit.py): a session's opening checked
again against the rules it was opened under (its version, blinds and rate: LU RGD 1979 art. 49-1, 49-3, 49-4) and
its row against its rake schedule as written, a
stake set aside as filed (art. 49-1), and each day's import of deals: their digests recomputed from the deals as
PostgreSQL holds them, and their count, as the entry sealed them."""

import datetime
import hashlib
import json
from decimal import Decimal, InvalidOperation

from django.db import connection
from django.utils.translation import gettext_lazy as _

from games.poker import compact

from .. import controls
from ..chain.replay import Audited, Check, Counted, Problem, Replay, refusal, rendered
from ..models import Consignment, PokerSession, Rebuy, SeanceClose
from . import controls as seances
from . import rules
from .errors import hands
from .services import CAGNOTTE_BOOKS

IMPORT_COUNT = _("L'écriture porte {written}, Vigie en tient {found}.")
IMPORT_DIGEST = _("L'empreinte des mains écrite, {written}, n'est pas celle des mains tenues, {computed}.")
HAND_DIGEST = _("La main n° {number} ne correspond plus à son empreinte.")
NOT_A_MOMENT = _("Moment invalide : « {value} » (AAAA-MM-JJTHH:MM:SS+HH:MM attendu).")
ROW_DIFFERS = _("La ligne tenue par Vigie ne dit pas ce que dit l'écriture ({field}).")
PREVIOUS = ("minimum_precedent", "small_blind_precedente", "big_blind_precedente")  # a rise's « releve »


def _check(replay: Replay, entry: Audited) -> Check:
    return Check(replay, entry, str(entry.payload.get("citation") or controls.cited(
        replay.casino, CAGNOTTE_BOOKS, entry.gaming_day, controls.BOOKS)))


def _seance(replay: Replay, entry: Audited) -> seances.Seance:
    """The séance of the table the entry names, as the cagnotte register replayed up to it leaves it, read when the
    entry was recorded."""
    key = (entry.payload.get("table"), entry.gaming_day)
    opened = replay.part("poker_room.seances", dict).get(key, ())
    return seances.Seance(str(entry.payload.get("table")), entry.gaming_day, entry.entry.recorded_at, tuple(opened),
                          replay.part("poker_room.closed", dict).get(key))


def _moment(check: Check, key: str) -> seances.Moment | None:
    """A moment the entry writes (ISO 8601, with its zone), with its day in the casino's zone."""
    raw = check.entry.payload.get(key)
    try:
        at = datetime.datetime.fromisoformat(raw) if isinstance(raw, str) else None
    except ValueError:
        at = None
    if at is None or at.tzinfo is None:
        check.fail(NOT_A_MOMENT, value=raw)
        return None
    return seances.Moment(at, check.entry.casino.today(at))


def _report(check: Check, problems: list) -> None:
    """The problems a control of poker_room/controls.py finds, as the audit writes them (French and English)."""
    for problem in problems:  # a message may write its citation itself ({citation} among its values)
        check.problems.append(Problem(*rendered(problem.message, check.replay.casino, **problem.params),
                                      problem.citation or check.citation))


def _seance_step(replay: Replay, check: Check, entry: Audited) -> None:
    """The session's step in its séance (an opening, or a rise after the session it follows), then taken."""
    payload, seance, moment = entry.payload, _seance(replay, entry), _moment(check, "ouverte_le")
    number = payload.get("seance")
    if moment is not None and isinstance(number, int):
        raised = payload.get("releve")
        if isinstance(raised, dict):
            _report(check, seances.raise_problems(seance, raised.get("apres_la_seance"), moment))
        else:
            fixed = replay.part("poker_room.versions_fixed", dict)  # read once per game and day
            key = (payload.get("jeu", ""), entry.gaming_day)
            if key not in fixed:
                fixed[key] = rules.version_fixed(replay.casino, *key)
            _report(check, seances.session_open_problems(seance, seances.Opening(
                str(payload.get("version")), moment, fixed[key])))
        replay.part("poker_room.seances", dict).setdefault((payload.get("table"), entry.gaming_day), []).append(
            seances.Opened(number, str(payload.get("version")), moment.at))


def _stakes(replay: Replay) -> dict:
    """The stakes of each session replayed so far: (table, day, number) → controls.Stakes."""
    return replay.part("poker_room.stakes", dict)


def _stakes_raised(replay: Replay, check: Check, entry: Audited, stakes: seances.Stakes) -> None:
    """LU art. 49-3, 49-7: a rise's new minimum and blinds against the session it follows, as the register replayed
    so far holds it (as the entry's « releve » writes it where the register does not) (controls.py
    `stakes_raise_problems`, as the service): the rule values of its game and day read once per replay."""
    raised, payload = entry.payload["releve"], entry.payload
    before = [check.amount(key, value=raised.get(key)) for key in PREVIOUS]
    followed = _stakes(replay).get((payload.get("table"), entry.gaming_day, raised.get("apres_la_seance")))
    if followed is not None:
        before = list(followed.amounts())
    try:  # sessions since 0033 write it; a bad one is the row's check's (session_opened)
        chip = Decimal(str(payload["plus_petit_jeton"])) if "plus_petit_jeton" in payload else None
    except InvalidOperation:
        chip = None
    if None in before:
        return
    held = replay.part("poker_room.rises", dict)
    key = (payload.get("jeu", ""), entry.gaming_day)
    if key not in held:
        rise = rules.minimum_rise(replay.casino, *key)
        held[key] = (rules.blind_rules(replay.casino, *key),
                     rise[0] if rise is not None else controls.written(controls.POKER_SESSION))
    blinds, raised_by = held[key]
    proposed = seances.Rise(stakes, blinds, chip, bool(payload.get("option")), raised_by)
    _report(check, seances.stakes_raise_problems(seances.Stakes(*before), proposed))


def session_opened(replay: Replay, entry: Audited) -> list[Problem]:
    check = _check(replay, entry)
    payload, casino, day = entry.payload, replay.casino, entry.gaming_day
    if check.text("table", max_length=60) is not None:
        _seance_step(replay, check, entry)
    game = payload.get("jeu", "")
    refused = refusal(lambda: rules.versions(casino, game, day, payload.get("version")))
    if refused is not None:
        check.field("version", refused[:2])
    minimum, small, big = (check.amount(key) for key in ("minimum", "small_blind", "big_blind"))
    if isinstance(payload.get("releve"), dict):
        if None not in (minimum, small, big):
            _stakes_raised(replay, check, entry, seances.Stakes(minimum, small, big))
    elif None not in (minimum, small, big):
        refused = refusal(lambda: rules.blinds(casino, game, day, minimum, small, big, bool(payload.get("option"))))
        if refused is not None:
            check.field("small_blind", refused[:2])
    if None not in (minimum, small, big) and isinstance(payload.get("seance"), int):
        _stakes(replay)[(payload.get("table"), day, payload["seance"])] = seances.Stakes(minimum, small, big)
    refused = refusal(lambda: rules.retention(casino, game, day, Decimal(str(payload.get("taux_retenue")))))
    if refused is not None:
        check.field("taux_retenue", refused[:2])
    row = PokerSession.objects.filter(entry_id=entry.entry.pk).first()
    if row is None or (row.table, row.number, row.version, str(row.rake_rate.normalize())) != (
            payload.get("table"), payload.get("seance"), payload.get("version"),
            str(Decimal(str(payload.get("taux_retenue"))).normalize())):
        check.fail(ROW_DIFFERS, field="seance")
    elif "plus_petit_jeton" in payload and (row.no_flop_no_drop, row.rake_per_pot, row.chip) != (
            payload.get("pas_de_flop_pas_de_retenue"), payload.get("retenue_par_pot"),
            check.amount("plus_petit_jeton")):  # the schedule, where the entry writes it (sessions since 0033)
        check.fail(ROW_DIFFERS, field="plus_petit_jeton")
    return check.problems


def stake_consigned(replay: Replay, entry: Audited) -> list[Problem]:
    check = _check(replay, entry)
    check.text("joueur", max_length=120)
    moment = _moment(check, "consignee_le")
    if moment is not None:
        _report(check, seances.consign_problems(_seance(replay, entry), entry.payload.get("seance"), moment))
    amount = check.amount("montant")
    row = Consignment.objects.filter(entry_id=entry.entry.pk).first()
    if row is None or row.amount != amount or row.player != entry.payload.get("joueur"):
        check.fail(ROW_DIFFERS, field="montant")
    return check.problems


def hands_imported(replay: Replay, entry: Audited) -> list[Problem]:
    """The day's deals this entry covers, in the order they were written: each deal's digest recomputed from its
    data, and the digest of those digests."""
    check = _check(replay, entry)
    sha, count = hashlib.sha256(), 0
    with connection.cursor() as cursor:
        cursor.execute("SELECT number, data::text, digest FROM registers_pokerhand WHERE casino_id = %s AND "
                       "gaming_day = %s AND batch_id = %s ORDER BY id", [replay.casino.pk, entry.gaming_day,
                                                                        entry.payload.get("lot")])
        for number, data, digest in cursor:
            computed = compact.digest(json.loads(data))
            if computed != digest:
                check.fail(HAND_DIGEST, number=number)
            sha.update(computed.encode())
            count += 1
    if entry.payload.get("mains") != count:
        check.fail(IMPORT_COUNT, written=Counted(entry.payload.get("mains"), hands), found=count)
    if entry.payload.get("empreinte") != sha.hexdigest():
        check.fail(IMPORT_DIGEST, written=entry.payload.get("empreinte"), computed=sha.hexdigest())
    return check.problems


def seance_closed(replay: Replay, entry: Audited) -> list[Problem]:
    """A séance closed once, after its latest session opened (controls.seance_close_problems, as the service), its row
    as the entry writes it; the séance then closed for what follows in the register."""
    check = _check(replay, entry)
    check.text("table", max_length=60)
    moment = _moment(check, "fermee_le")
    if moment is not None:
        _report(check, seances.seance_close_problems(_seance(replay, entry), moment))
        replay.part("poker_room.closed", dict).setdefault((entry.payload.get("table"), entry.gaming_day), moment.at)
    counted = check.amount("caisse_fermeture", zero=True)
    row = SeanceClose.objects.filter(entry_id=entry.entry.pk).first()
    if row is None or row.caisse_counted != counted or row.explanation != entry.payload.get("explication", ""):
        check.fail(ROW_DIFFERS, field="caisse_fermeture")
    return check.problems


def rebuy_recorded(replay: Replay, entry: Audited) -> list[Problem]:
    """A recave at a session of the séance still open, after it opened, within the maximum the entry recorded from the
    house rules in force (controls.rebuy_problems, as the service); its row as the entry writes it."""
    check = _check(replay, entry)
    check.text("joueur", max_length=120)
    moment, amount = _moment(check, "recave_le"), check.amount("montant")
    held = replay.part("poker_room.rebuy_terms", dict)  # the house rules in force, read once per game and day
    key = (str(entry.payload.get("jeu", "")), entry.gaming_day)
    if key not in held:
        held[key] = rules.rebuy_terms(replay.casino, *key)
    terms = held[key]
    if moment is not None and amount is not None:
        _report(check, seances.rebuy_problems(_seance(replay, entry), entry.payload.get("seance"), seances.Recave(
            amount, moment, terms.maximum, terms.house, terms.citation, replay.casino.currency,
            replay.casino.jurisdiction)))
    row = Rebuy.objects.filter(entry_id=entry.entry.pk).first()
    if row is None or row.amount != amount or row.player != entry.payload.get("joueur"):
        check.fail(ROW_DIFFERS, field="montant")
    return check.problems
