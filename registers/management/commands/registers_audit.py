import json

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import ngettext

from compliance.formatting import entries as entries_counted
from compliance.models import Casino
from registers.kinds import RegisterKind
from registers.management.audit import audit


class Command(BaseCommand):
    help = (
        "Revalide chaque écriture de chaque registre, rejoué dans l'ordre de ses numéros, contre les règles que son "
        "service applique au dépôt ; une ligne par écriture invalide (le problème, en français et en anglais, et son "
        "article ; une écriture écartée par une correction contresignée est montrée, pas comptée), puis le bilan. "
        "Lecture seule. Code de sortie 1 si une écriture est invalide."
    )

    def add_arguments(self, parser):
        parser.add_argument("--casino", help="code du casino (défaut : tous)")
        parser.add_argument("--register", help="type de registre, ex. jackpot_progressif (défaut : tous)")
        parser.add_argument("--json", action="store_true", dest="as_json", help="le résultat en JSON")

    def handle(self, *args, casino=None, register=None, as_json=False, **options):
        if casino and not Casino.objects.filter(code=casino).exists():
            raise CommandError(f"casino inconnu : {casino}")
        if register and register not in RegisterKind.values:
            raise CommandError(f"registre inconnu : {register} (attendu : {', '.join(RegisterKind.values)})")
        audits = audit(casino_code=casino, kind=register)
        entries = sum(result.entries for result in audits)
        findings = [finding for result in audits for finding in result.findings]
        invalid = sum(len(result.invalid) for result in audits)
        if as_json:
            self.stdout.write(_as_json(audits, entries, invalid, findings))
        else:
            for finding in findings:
                self.stdout.write(_line(finding))
            self.stdout.write(_summary(len(audits), entries, invalid, len(findings) - invalid,
                                       sum(result.archived for result in audits)))
        if invalid:
            raise SystemExit(1)


def _summary(registers: int, entries: int, invalid: int, corrected: int, archived: int) -> str:
    """« 1 registre audité, 18 écritures, 15 invalides, 2 corrigées ; 3 écritures d'années archivées rejouées, non
    recontrôlées », each count with its words."""
    parts = [ngettext("%(n)s registre audité", "%(n)s registres audités", registers) % {"n": registers},
             entries_counted(entries), ngettext("%(n)s invalide", "%(n)s invalides", invalid) % {"n": invalid}]
    if corrected:
        parts.append(ngettext("%(n)s corrigée", "%(n)s corrigées", corrected) % {"n": corrected})
    line = ", ".join(parts)
    if archived:
        line += " ; " + ngettext("%(n)s écriture d'années archivées rejouée, non recontrôlée",
                                 "%(n)s écritures d'années archivées rejouées, non recontrôlées", archived) % {
            "n": archived}
    return line


def _line(finding) -> str:
    """« casino/registre n° 12 (kind, day) : problem [citation] ; … », and the correction that set it aside."""
    problems = " ; ".join(str(problem) for problem in finding.problems)
    line = f"{finding.register} n° {finding.seq} ({finding.kind}, {finding.gaming_day}) : {problems}"
    if finding.corrected_by:
        line += f" — corrigée par l'écriture n° {finding.corrected_by} / corrected by entry {finding.corrected_by}"
    return line


def _as_json(audits, entries: int, invalid: int, findings) -> str:
    document = {
        "registers": [{"register": result.register, "entries": result.entries, "invalid": len(result.invalid),
                       "archived": result.archived} for result in audits],
        "entries": entries,
        "invalid": invalid,
        "findings": [
            {"register": finding.register, "seq": finding.seq, "kind": finding.kind,
             "gaming_day": finding.gaming_day.isoformat(), "corrected_by": finding.corrected_by,
             "problems": [{"fr": p.fr, "en": p.en, "citation": p.citation} for p in finding.problems]}
            for finding in findings
        ],
    }
    return json.dumps(document, ensure_ascii=False, indent=1)
