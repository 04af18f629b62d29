"""What a report uploaded for checking is worth: its signature (signing.verify), whether Vigie produced it (its
SHA-256 written in the register it covers) and whether the entries it shows still have, in the register today, the
hashes it shows. Reads only; unscoped, since the verdict is all it tells."""

import hashlib
import io
import json
import zlib
from dataclasses import dataclass, field

import ijson
from django.utils.translation import gettext_lazy as _

from compliance.models import AuditAction, AuditEvent
from registers.chain.verification import chain_entries

from . import render, selectors, signing
from .models import Report

REASONS = {  # a verdict's code, as the page and the command say it (French first; English in locale/en)
    "ok": _("Rapport authentique : signature valide, empreinte portée au registre (ou au journal d'audit), écritures "
            "inchangées."),
    "not_pdf": _("Ce fichier n'est pas un PDF."),
    "unsigned": _("Ce PDF ne porte aucune signature."),
    "broken": _("Signature rompue : le fichier a été modifié ou est incomplet."),
    "modified": _("Le fichier a été modifié après sa signature."),
    "untrusted": _("Signé par un certificat que la plateforme n'a pas délivré."),
    "revoked": _("Signé par un certificat révoqué."),
    "unknown_report": _("Signature valide, mais ni les registres ni le journal d'audit de Vigie ne portent "
                        "l'empreinte de ce fichier."),
    "entries_changed": _("Signature valide, mais des écritures qu'il montre ne sont plus les mêmes au registre : "
                         "n° {seqs}."),
}


@dataclass
class ReportCheck:
    verdict: signing.Verdict
    sha256: str
    report: Report | None = None  # the report on record with these very bytes
    recorded: bool = False  # its hash written in the register it covers
    covered: int = 0
    changed: list[int] = field(default_factory=list)  # covered entries whose hash is no longer the one shown

    @property
    def valid(self) -> bool:
        return self.verdict.valid and self.recorded and not self.changed

    @property
    def message(self) -> str:
        return str(REASONS[self.reason]).format(seqs=", ".join(map(str, self.changed)))

    @property
    def reason(self) -> str:
        if not self.verdict.valid:
            return self.verdict.reason
        if not self.recorded:
            return "unknown_report"
        return "entries_changed" if self.changed else "ok"


def _recorded(report: Report | None, sha256: str) -> bool:
    """Whether the register the report covers holds its hash (the audit log, for a report with no register)."""
    if report is None:
        return False
    if report.chain_entry_id:
        return json.loads(report.chain_entry.payload).get("sha256") == sha256
    return report.register_id is None and AuditEvent.objects.filter(
        action=AuditAction.REPORT_SIGNED, target_type="report", target_id=str(report.pk),
        details__sha256=sha256).exists()


def verify_report(document: bytes) -> ReportCheck:
    sha256 = hashlib.sha256(document).hexdigest()
    report = (Report.objects.filter(sha256=sha256, status=Report.Status.SUCCEEDED)
              .select_related("register__casino", "chain_entry").first())
    recorded = _recorded(report, sha256)
    check = ReportCheck(verdict=signing.verify(document, selectors.crls_der(), filed=recorded), sha256=sha256)
    if not check.verdict.valid:
        return check
    check.report, check.recorded = report, recorded
    shown = None if check.report is None else shown_entries(document)
    if shown is None:
        return check
    check.covered = len(shown)
    check.changed = _changed(check.report.register, shown)
    return check


def _changed(register, shown: dict[int, str]) -> list[int]:
    """The n° of the entries shown whose hash, recomputed from what the register holds today (not only read from
    its column), is not the one shown. The register is read as its verification reads it (its archived years too),
    over the n° the report covers: a month's book of the cards register covers some 300,000."""
    if not shown:
        return []
    today = {data.seq: data.digest() for data in chain_entries(register, min(shown), max(shown)) if data.seq in shown}
    return [seq for seq in sorted(shown) if today.get(seq) != shown[seq]]


class _Inflating:
    """A Flate stream's bytes, decompressed a piece at a time as ijson reads them (read(n), n > 0)."""

    def __init__(self, encoded: bytes):
        self._encoded, self._at, self._inflate = memoryview(encoded), 0, zlib.decompressobj()

    def read(self, size: int = -1) -> bytes:
        if size == 0:  # how ijson tells a binary file from a text one
            return b""
        size = size if size > 0 else 1 << 16
        while True:
            if self._inflate.unconsumed_tail:
                piece = self._inflate.decompress(self._inflate.unconsumed_tail, size)
            elif self._at < len(self._encoded):
                self._at += 1 << 16
                piece = self._inflate.decompress(self._encoded[self._at - (1 << 16):self._at], size)
            else:
                return self._inflate.flush()
            if piece:
                return piece


def shown_entries(document: bytes) -> dict[int, str] | None:
    """The n° and hash of each entry the report shows, from its source.json read as it is decompressed: a month's
    book of the cards register shows some 300,000, which its JSON parsed whole would hold as a gigabyte of objects.
    None when the file carries no readable source."""
    stream = render.source_stream(document)
    if stream is None:
        return None
    try:
        flate = stream.get("/Filter") == "/FlateDecode" and "/DecodeParms" not in stream
        source = _Inflating(stream.encoded_data) if flate else io.BytesIO(stream.data)
        shown, row = {}, {}
        for prefix, event, value in ijson.parse(source):
            if prefix in ("entries.item.seq", "entries.item.hash"):
                row[prefix[13:]] = value
            elif prefix == "entries.item" and event == "end_map":
                shown[int(row["seq"])] = row["hash"]
                row = {}
    except Exception:  # noqa: BLE001 - a damaged source shows nothing to compare
        return None
    return shown
