"""Every pay table line in games/rules/paytables/ checked against the original source text.

No database: the YAML files are read with PyYAML and compared with games/rules/sources/*.txt.
For each line, the cited article's span (from its number as written to the next article) must
print the label and the odds on the same row, in that order; an independent parser of the printed
odds must give exactly the stored payout; the qualifier, when there is one, must occur in the span.
"""

import re
from decimal import Decimal
from functools import cache
from pathlib import Path

import pytest
import yaml

RULES_DIR = Path(__file__).resolve().parent.parent / "games" / "rules"
PAYTABLES_DIR = RULES_DIR / "paytables"
SOURCES_DIR = RULES_DIR / "sources"

# instrument slug -> (source file, how its articles are numbered in the text)
SOURCES = {
    "qc-projet-2007": ("000_d2789f874a4e3489.txt", "qc"),
    "qc-decret-1675-95": ("001_61f3c9463c55ca44.txt", "qc"),
    "mc-am-2007-668": ("003_8ecc6182483bc1ff.txt", "mc"),
    "lu-projet-rgd-1979": ("004_f25d580b68cffabe.txt", "lu"),
}

# The version key of every pay table is the effective date of the instrument it cites.
EFFECTIVE_DATES = {
    "qc-projet-2007": "2007-06-19",
    "qc-decret-1675-95": "1996-01-04",
    "mc-am-2007-668": "2007-12-29",
    "lu-projet-rgd-1979": "2015-01-01",
}

REQUIRED_KEYS = {
    "qc.blackjack.bonus",
    "qc.blackjack.douze_seize",
    "qc.blackjack.progressive",
    "qc.baccara.numero",
    "qc.grand_prix.main",
    "qc.grand_prix.supplementaire",
    "qc.caraibes.main",
    "qc.roulette.double",
    "qc.roulette.triple",
    "qc.pai_gow.main",
    "qc.357.trois_cartes",
    "qc.357.cinq_cartes",
    "qc.357.sept_cartes",
    "qc.boston.bonus",
    "qc.boston.initiale",
    "qc.quatre_cartes.initiale",
    "qc.quatre_cartes.paire_as",
    "qc.fou.super_bonus",
    "qc.fou.paire_dames",
    "mc.uth.trips",
    "mc.uth.blind",
    "lu.holdem_casino.super_ante",
    "lu.holdem_casino.bonus",
    "lu.uth.trips",
    "lu.uth.blind",
    "lu.bataille.egalite",
    "lu.bataille.bataille",
}

# Tables printing several bets side by side: which column (0-based) each pay table reads.
COLUMNS = {"mc.uth.trips": 0, "mc.uth.blind": 1}

CURRENCY_SIGNS = {"$": "CAD", "€": "EUR"}

# The grammar of printed odds, written independently of the YAML files.
NUMBER = r"\d{1,3}(?:[ ,]\d{3})+|\d+"
ODDS = rf"(?:{NUMBER}) (?:à|pour|POUR) (?:{NUMBER})|(?:{NUMBER}) [$€]|\d+ % du lot progressif|à l'égalité"
ODDS_IN_TEXT = re.compile(rf"(?<![\w,.])(?:{ODDS})(?!\w)")
CELL = rf"(?:{ODDS}|/)"
ODDS_ONLY_LINE = re.compile(rf"{CELL}(?:\t{CELL})*")
TABLE_ROW = re.compile(rf"(?P<label>[^\t:]+?)\s*[\t:]\s*(?P<cells>{CELL}(?:\t{CELL})*)\s*[;.»]*\s*")

ARTICLE_STARTS = {
    "qc": (r"^[«\s]*{num}\.?(?=\s)", r"^[«\s]*\d+(?:\.\d+)?\.?(?=\s)"),
    "mc": (r"^ART(?:ICLE|\.)\s*{num}\.", r"^(?:ARTICLE PREMIER|ART\.\s*\d+)\."),
    "lu": (r"^[«\s]*(?:Art\.|Article)\s+{num}\.", r"^(?:[«\s]*(?:Art\.|Article)\s+[\w-]+\.|\d+\)\s)"),
}


# ------------------------------------------------------------------------------------------------
# Loading


def _paytable_files() -> list[Path]:
    return sorted(PAYTABLES_DIR.rglob("*.yaml"))


@cache
def _load(path: Path) -> dict:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def _line_cases(*, qualified_only: bool = False) -> list:
    cases = []
    for path in _paytable_files():
        data = _load(path)
        for version in data["versions"].values():
            for index, line in enumerate(version["lines"]):
                if qualified_only and "qualifier" not in line:
                    continue
                case_id = f"{data['key']}-{index}-{line['label']}"
                cases.append(pytest.param(data["key"], version["reference"], index, line, id=case_id))
    return cases


def _version_cases() -> list:
    return [
        pytest.param(_load(path)["key"], date, version, id=f"{_load(path)['key']}-{date}")
        for path in _paytable_files()
        for date, version in _load(path)["versions"].items()
    ]


# ------------------------------------------------------------------------------------------------
# Source text: normalisation, article spans, rows


def _normalise_line(raw: str) -> str:
    """Markdown markers, escapes and table pipes removed; cells joined by one tab, spaces collapsed."""
    text = re.sub(r"<sup>(.*?)</sup>", r"\1", raw)
    text = re.sub(r"\^\{(.*?)\}", r"\1", text)
    text = re.sub(r"\\(.)", r"\1", text)
    text = text.replace("*", "")
    cells = [re.sub(r"\s+", " ", cell).strip() for cell in text.replace("|", "\t").split("\t")]
    cells = [cell for cell in cells if cell and not re.fullmatch(r"[-–:]+", cell)]
    line = "\t".join(cells)
    return re.sub(r"^[-–•] ", "", line)


@cache
def _source_lines(slug: str) -> tuple[str, ...]:
    file_name, _style = SOURCES[slug]
    text = (SOURCES_DIR / file_name).read_text(encoding="utf-8")
    return tuple(_normalise_line(raw) for raw in text.splitlines())


def _article_pattern(style: str, number: str) -> re.Pattern:
    if style == "mc" and number == "1":
        return re.compile(r"^ARTICLE PREMIER\.")
    return re.compile(ARTICLE_STARTS[style][0].format(num=re.escape(number)))


@cache
def _article_span(slug: str, number: str) -> tuple[str, ...]:
    """The source lines from the article's number as written up to (excluding) the next article."""
    style = SOURCES[slug][1]
    lines = _source_lines(slug)
    start_pattern = _article_pattern(style, number)
    any_article = re.compile(ARTICLE_STARTS[style][1])
    starts = [index for index, line in enumerate(lines) if start_pattern.search(line)]
    assert starts, f"article {number} introuvable dans la source de {slug}"
    start = starts[0]
    end = next((index for index in range(start + 1, len(lines)) if any_article.search(lines[index])), len(lines))
    return lines[start:end]


@cache
def _rows(slug: str, number: str) -> tuple[str, ...]:
    """Rows of the span: a label line followed by lines holding only odds (a table flattened one cell
    per line) is joined into one row, cells separated by tabs."""
    span = _article_span(slug, number)
    rows: list[str] = []
    index = 0
    while index < len(span):
        row = span[index]
        index += 1
        if row and not ODDS_IN_TEXT.search(row) and row != "/":
            while index < len(span) and span[index] and ODDS_ONLY_LINE.fullmatch(span[index]):
                row += "\t" + span[index]
                index += 1
        if row:
            rows.append(row)
    return tuple(rows)


def _locate(key: str, reference: dict, line: dict) -> tuple[int, int, bool] | None:
    """(row index, offset of the odds, whether the row is a table row) where the span prints the
    label then the odds, or None."""
    label, odds, qualifier = line["label"], line["odds"], line.get("qualifier")
    for row_index, row in enumerate(_rows(reference["instrument"], reference["article"])):
        table_row = TABLE_ROW.fullmatch(row)
        if table_row:
            cells = table_row["cells"].split("\t")
            column = COLUMNS.get(key, 0) if len(cells) > 1 else 0
            if table_row["label"] == label and column < len(cells) and cells[column] == odds:
                return row_index, 0, True
            continue
        # Running text, label first. Without a qualifier, the odds are the first printed after the
        # label; with one, the odds and the qualifier stand in the same clause, whichever comes first.
        start = row.find(label)
        while start >= 0:
            if match := _odds_after_label(row, start + len(label), odds, qualifier):
                return row_index, match.start(), False
            start = row.find(label, start + 1)
    return None


def _odds_after_label(row: str, label_end: int, odds: str, qualifier: str | None) -> re.Match | None:
    if not qualifier:
        first = ODDS_IN_TEXT.search(row, label_end)
        return first if first and first.group() == odds else None
    qualifier_start = row.find(qualifier, label_end)
    while qualifier_start >= 0:
        qualifier_end = qualifier_start + len(qualifier)
        for match in ODDS_IN_TEXT.finditer(row, label_end):
            if match.group() != odds:
                continue
            if match.end() <= qualifier_start:
                gap = row[match.end() : qualifier_start]
            else:
                gap = row[qualifier_end : match.start()]
            if not re.search(r"[;.]", gap) and not ODDS_IN_TEXT.search(gap):
                return match
        qualifier_start = row.find(qualifier, qualifier_start + 1)
    return None


# ------------------------------------------------------------------------------------------------
# Independent parser of printed odds


def _digits(number: str) -> str:
    return re.sub(r"[ ,]", "", number)


def _parse_printed_odds(odds: str) -> dict:
    if odds == "à l'égalité":
        return {"kind": "odds", "numerator": "1", "denominator": "1", "notation": "a"}
    if match := re.fullmatch(rf"({NUMBER}) (à|pour|POUR) ({NUMBER})", odds):
        notation = "a" if match[2] == "à" else "pour"
        return {"kind": "odds", "numerator": _digits(match[1]), "denominator": _digits(match[3]), "notation": notation}
    if match := re.fullmatch(rf"({NUMBER}) ([$€])", odds):
        return {"kind": "fixed", "amount": _digits(match[1]), "currency": CURRENCY_SIGNS[match[2]]}
    if match := re.fullmatch(r"(\d+) % du lot progressif", odds):
        return {"kind": "progressive_share", "share": Decimal(match[1]) / 100}
    raise AssertionError(f"cotes imprimées non reconnues « {odds} »")


# ------------------------------------------------------------------------------------------------
# Tests


def test_required_paytable_keys_exist():
    keys = {_load(path)["key"] for path in _paytable_files()}
    assert REQUIRED_KEYS - keys == set()


@pytest.mark.parametrize("path", _paytable_files(), ids=lambda path: path.stem)
def test_paytable_key_matches_file_path_and_game(path):
    data = _load(path)
    assert data["key"] == path.stem
    assert path.parent.name == data["key"].split(".")[0]
    assert data["game"] == ".".join(data["key"].split(".")[:2])


@pytest.mark.parametrize(("key", "date", "version"), _version_cases())
def test_version_date_is_the_cited_instruments_effective_date(key, date, version):
    assert version["reference"]["instrument"] in SOURCES
    assert date == EFFECTIVE_DATES[version["reference"]["instrument"]]


@pytest.mark.parametrize(("key", "date", "version"), _version_cases())
def test_lines_follow_the_printed_order(key, date, version):
    positions = [_locate(key, version["reference"], line) for line in version["lines"]]
    assert None not in positions
    assert positions == sorted(positions)
    # A printed table is read as one block of consecutive rows, not picked from several tables.
    table_rows = [row for row, _offset, is_table in positions if is_table]
    if table_rows:
        assert table_rows == list(range(table_rows[0], table_rows[-1] + 1))


@pytest.mark.parametrize(("key", "reference", "index", "line"), _line_cases())
def test_article_prints_label_then_odds_on_one_row(key, reference, index, line):
    assert _locate(key, reference, line) is not None, (
        f"« {line['label']} » suivi de « {line['odds']} » introuvable sur une même ligne de l'article "
        f"{reference['article']} ({reference['instrument']})"
    )


@pytest.mark.parametrize(("key", "reference", "index", "line"), _line_cases())
def test_payout_is_the_parsed_printed_odds(key, reference, index, line):
    expected = _parse_printed_odds(line["odds"])
    stored = line["payout"]
    assert set(stored) == set(expected)
    for field, value in expected.items():
        if isinstance(value, Decimal):
            assert Decimal(stored[field]) == value
        else:
            assert stored[field] == value
    if stored["kind"] == "fixed":
        assert Decimal(stored["amount"]) == Decimal(expected["amount"])
        assert stored["currency"] == {"qc": "CAD", "mc": "EUR", "lu": "EUR"}[key.split(".")[0]]


@pytest.mark.parametrize(("key", "reference", "index", "line"), _line_cases(qualified_only=True))
def test_qualifier_occurs_in_the_cited_article(key, reference, index, line):
    span = "\n".join(_article_span(reference["instrument"], reference["article"]))
    assert line["qualifier"] in span


def _reading_cases() -> list:
    return [
        pytest.param(_load(path)["key"], item, id=f"{_load(path)['key']}-{date}-{index}")
        for path in _paytable_files()
        for date, version in _load(path)["versions"].items()
        for index, item in enumerate(version.get("reading", {}).get("evidence", []))
    ]


@pytest.mark.parametrize(("key", "item"), _reading_cases())
def test_reading_evidence_is_quoted_word_for_word_from_the_source(key, item):
    reference = item["reference"]
    span = " ".join(" ".join(_article_span(reference["instrument"], reference["article"])).split())
    assert " ".join(item["quote"].split()) in span, (key, item["quote"])


def test_every_table_printing_pour_says_which_reading_its_text_supports():
    for path in _paytable_files():
        for version in _load(path)["versions"].values():
            if any(line["payout"].get("notation") == "pour" for line in version["lines"]):
                assert version["reading"]["default"] in {"a", "pour"} and version["reading"]["evidence"], path.stem
