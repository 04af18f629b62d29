"""Structured inputs the forms use instead of typed syntax: a counting grid (one row per chip or banknote the casino
keeps, its count, the line's total and the grand total), rows of cells added and removed (a pay table's lines, a
wheel's segments, the sums taken at each table), a cell chosen from a list, a percent typed as a percent (5 for
0.05). Each works without JavaScript; compliance/static/js/inputs.js adds the totals as one types, the rows'
buttons and the fields shown only when they apply.

They only change the shape of the input: what the services take stays as it was (a {value: count} dict, a
{position: odds} dict, a fraction as text), and the services still check it."""

import datetime
from decimal import Decimal, InvalidOperation

from django import forms
from django.template.loader import render_to_string
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext_lazy as _

from compliance.formatting import babel_locale, money

PERCENT_INVALID = _("« {value} » n'est pas un pourcentage : un nombre est attendu, par exemple 5 pour 5 %.")
ROW_INCOMPLETE = _("Ligne {row} : « {missing} » manque.")
ROW_TWICE = _("La position {position} est donnée deux fois.")
TABLE_TWICE = _("La table « {table} » est donnée deux fois.")
SEGMENT_COUNT = _("Ligne {row} : « {value} » n'est pas un nombre de parties (un nombre entier positif).")
ROWS_SPARE = 2  # empty rows offered below those given, for a browser without JavaScript


def _count(text: str) -> int | None:
    text = (text or "").strip()
    return int(text) if text.isascii() and text.isdigit() else None


class DenominationGrid(forms.Widget):
    """One count input per row of the casino's grid (`rows`: registers.house_lists.selectors.GridRow), named
    `<field>-<value>`; the line totals and the grand total computed from what was posted, and again as one types."""

    def __init__(self, attrs=None):
        super().__init__(attrs)
        self.rows, self.casino, self.lists_url = [], None, ""

    def id_for_label(self, id_):
        return ""  # a group of inputs, each labelled by its row

    def value_from_datadict(self, data, files, name):
        return {row.key: data.get(f"{name}-{row.key}", "") for row in self.rows}

    def value_omitted_from_data(self, data, files, name):
        return not any(f"{name}-{row.key}" in data for row in self.rows)

    def render(self, name, value, attrs=None, renderer=None):
        value = value if isinstance(value, dict) else {}
        casino = self.casino
        currency = casino.currency if casino else "EUR"
        jurisdiction = casino.jurisdiction if casino else None

        def shown(amount):
            return money(amount, currency=currency, jurisdiction=jurisdiction)

        lines, total = [], Decimal("0.00")
        for row in self.rows:
            count = value.get(row.key, "")
            number = _count(count)
            line = row.value * number if number is not None else None
            total += line or 0
            lines.append({"row": row, "count": count, "name": f"{name}-{row.key}", "shown": shown(row.value),
                          "id": f"{(attrs or {}).get('id', name)}-{row.key}",
                          "total": shown(line) if line is not None else "—"})
        return render_to_string("registers/_denomination_grid.html", {
            "name": name, "id": (attrs or {}).get("id", name), "lines": lines, "total": shown(total),
            "currency": currency, "locale": babel_locale(jurisdiction).replace("_", "-"),
            "invalid": "is-invalid" in (self.attrs.get("class") or ""), "lists_url": self.lists_url,
            "described_by": self.attrs.get("aria-describedby", "")})


class DenominationGridField(forms.Field):
    """{value: count} as the services take them, the rows left empty dropped (the service checks the counts)."""

    widget = DenominationGrid

    def __init__(self, *, label, **kwargs):
        super().__init__(label=label, required=False, **kwargs)

    def offer(self, rows, *, casino, lists_url=""):
        self.widget.rows, self.widget.casino, self.widget.lists_url = list(rows), casino, lists_url

    def to_python(self, value):
        value = value if isinstance(value, dict) else {}
        return {key: str(count).strip() for key, count in value.items() if str(count or "").strip()}


class PercentInput(forms.TextInput):
    """A text input followed by « % »."""

    def __init__(self, attrs=None):
        super().__init__({"inputmode": "decimal", "autocomplete": "off", **(attrs or {})})

    def render(self, name, value, attrs=None, renderer=None):
        return format_html('<div class="input-group">{}<span class="input-group-text">%</span></div>',
                           super().render(name, value, attrs, renderer))


class PercentField(forms.CharField):
    """A rate typed as a percent (« 5 », « 12,5 ») and given to the service as the fraction it stores, exactly:
    « 0.05 », « 0.125 » (Decimal, no float). Empty stays empty: the service says whether it is required."""

    widget = PercentInput

    def __init__(self, **kwargs):
        kwargs.setdefault("required", False)
        kwargs.setdefault("max_length", 12)
        super().__init__(**kwargs)

    def to_python(self, value):
        text = super().to_python(value).replace("%", "").replace(" ", "").replace("\u202f", "").replace(",", ".")
        if not text:
            return ""
        try:
            percent = Decimal(text)
        except InvalidOperation:
            percent = None
        if percent is None or not percent.is_finite():
            raise forms.ValidationError(str(PERCENT_INVALID).format(value=value))
        return str(percent.scaleb(-2))


class RowsWidget(forms.Widget):
    """Rows of cells (`columns`: (name, label, input attributes)), each cell named `<field>-<column>` and posted
    once per row, in order; a row is added or removed by its buttons (JavaScript), and without it the form offers
    spare empty rows. A column given `choices` ({column: [(value, label)]}) is a list to choose from; a value given
    as text is read one row a line, its cells separated by « ; » (what a draft kept before the rows)."""

    def __init__(self, columns, *, add_label, attrs=None):
        super().__init__(attrs)
        self.columns, self.add_label = columns, add_label
        self.choices: dict[str, list[tuple[str, str]]] = {}

    def id_for_label(self, id_):
        return ""  # a group of inputs, each labelled by its column

    def value_from_datadict(self, data, files, name):
        cells = [data.getlist(f"{name}-{column}") if hasattr(data, "getlist") else data.get(f"{name}-{column}", [])
                 for column, _label, _attrs in self.columns]
        width = max((len(values) for values in cells), default=0)
        return [tuple((values[i] if i < len(values) else "") for values in cells) for i in range(width)]

    def value_omitted_from_data(self, data, files, name):
        return not any(f"{name}-{column}" in data for column, _label, _attrs in self.columns)

    def render(self, name, value, attrs=None, renderer=None):
        if isinstance(value, str):
            given = [_cells(line, len(self.columns)) for line in value.splitlines() if line.strip()]
        else:
            given = value.items() if isinstance(value, dict) else (value or [])
        rows = [tuple(row) for row in given]
        rows += [("",) * len(self.columns)] * ROWS_SPARE
        choices = {column: [("", "—"), *offered] for column, offered in self.choices.items()}
        base = (attrs or {}).get("id", name)
        return render_to_string("registers/_rows.html", {
            "name": name, "id": base, "add_label": self.add_label,
            "invalid": "is-invalid" in (self.attrs.get("class") or ""),
            "described_by": self.attrs.get("aria-describedby", ""),
            "columns": [{"name": column, "label": label, "attrs": attrs_} for column, label, attrs_ in self.columns],
            "rows": [[{"name": f"{name}-{column}", "value": cell, "label": label, "attrs": attrs_,
                       "choices": _with(choices.get(column), cell)}
                      for (column, label, attrs_), cell in zip(self.columns, row, strict=True)] for row in rows],
            "blank": [{"name": f"{name}-{column}", "label": label, "attrs": attrs_, "choices": choices.get(column)}
                      for column, label, attrs_ in self.columns]})


def _cells(line: str, width: int) -> tuple[str, ...]:
    """« 5 $ ; 7 ; 5 à 1 » → ("5 $", "7", "5 à 1"): a line of a text kept before the rows, its missing cells empty."""
    cells = [cell.strip() for cell in line.split(";", width - 1)]
    return tuple(cells + [""] * (width - len(cells)))


def _with(choices: list | None, value: str) -> list | None:
    """A list's choices, with the value given kept as one (a table retired since stays shown, the service refuses)."""
    if choices is None or not value or value in (key for key, _label in choices):
        return choices
    return [*choices, (value, value)]


class RowsField(forms.Field):
    """The rows given, the empty ones dropped; a row half filled is refused naming the cell that is missing."""

    def __init__(self, columns, *, add_label, **kwargs):
        kwargs.setdefault("required", False)
        super().__init__(widget=RowsWidget(columns, add_label=add_label), **kwargs)
        self.columns = columns

    def to_python(self, value):
        rows = []
        for index, row in enumerate(value or [], 1):
            cells = tuple(str(cell or "").strip() for cell in row)
            if not any(cells):
                continue
            for cell, (_name, label, _attrs) in zip(cells, self.columns, strict=True):
                if not cell:
                    raise forms.ValidationError(str(ROW_INCOMPLETE).format(row=index, missing=label))
            rows.append(cells)
        return rows


class TickList(forms.CheckboxSelectMultiple):
    """Boxes to tick side by side, each a Bootstrap .form-check labelled by its choice, the group described by the
    field's error; one in error is marked as the field is."""

    def render(self, name, value, attrs=None, renderer=None):
        chosen = {str(item) for item in (value or [])}
        base = (attrs or {}).get("id") or f"id_{name}"
        invalid = " is-invalid" if "is-invalid" in (self.attrs.get("class") or "") else ""
        described = self.attrs.get("aria-describedby", "")
        boxes = format_html_join("", '<div class="form-check form-check-inline"><input class="form-check-input{}" '
                                 'type="checkbox" name="{}" value="{}" id="{}_{}"{}><label class="form-check-label" '
                                 'for="{}_{}">{}</label></div>',
                                 ((invalid, name, key, base, index, " checked" if str(key) in chosen else "", base,
                                   index, label) for index, (key, label) in enumerate(self.choices)))
        return format_html('<div id="{}" role="group"{}>{}</div>', base,
                           format_html(' aria-describedby="{}"', described) if described else "", boxes)


def keyed(rows: list[tuple[str, str]], twice) -> dict[str, str]:
    """Rows of a key and its value as the {key: value} a service takes; a key given twice refused (`twice(key)`)."""
    found = {}
    for key, value in rows:
        if key in found:
            raise forms.ValidationError(twice(key))
        found[key] = value
    return found


class PayLinesField(RowsField):
    """A pay table's lines asked for: rows of a position (the line's rank in the table in force) and its odds, given
    to the service as {"7": "2 pour 1"}; the odds are the service's to read."""

    def __init__(self, **kwargs):
        columns = [("position", _("Position"), {"inputmode": "numeric", "size": "4", "class": "form-control"}),
                   ("cote", _("Cote"), {"placeholder": "2 pour 1", "class": "form-control"})]
        super().__init__(columns, add_label=_("Ajouter une ligne"), **kwargs)

    def to_python(self, value):
        return keyed(super().to_python(value), lambda position: str(ROW_TWICE).format(position=position))



class SegmentsField(RowsField):
    """A wheel of fortune's segments (QC RJC art. 117, 120): one row per segment, its symbol (what it pays: « 5 $ »,
    « Joker »), its number of parts and its odds, given to the service as the lines it reads (« 5 $ ; 7 ; 5 à 1 »,
    games.rtp.roue.segments_from_text), which checks the wheel."""

    def __init__(self, **kwargs):
        columns = [("symbole", _("Symbole"), {"placeholder": "5 $", "size": "10", "class": "form-control"}),
                   ("parties", _("Nombre de parties"), {"inputmode": "numeric", "size": "5",
                                                         "class": "form-control"}),
                   ("cote", _("Cote"), {"placeholder": "5 à 1", "size": "10", "class": "form-control"})]
        super().__init__(columns, add_label=_("Ajouter une partie"), **kwargs)

    def to_python(self, value):
        lines = []
        for index, (symbol, count, odds) in enumerate(super().to_python(value), 1):
            if _count(count) is None or _count(count) == 0:
                raise forms.ValidationError(str(SEGMENT_COUNT).format(row=index, value=count))
            lines.append(f"{symbol} ; {int(count)} ; {odds}")
        return "\n".join(lines)


class TableSumsField(RowsField):
    """The sums taken at each linked table of a progressive jackpot (LU RGD 1979 art. 49-9 al. 5): one row per table,
    chosen from the casino's list of poker tables when it keeps one (`offer`), and its amount, given to the service as
    {table: amount}, which checks them."""

    def __init__(self, **kwargs):
        columns = [("table", _("Table"), {"class": "form-select"}),
                   ("montant", _("Somme prélevée"), {"inputmode": "decimal", "size": "10", "placeholder": "12,40",
                                                     "class": "form-control"})]
        super().__init__(columns, add_label=_("Ajouter une table"), **kwargs)

    def offer(self, tables: list[str]) -> None:
        if tables:
            self.widget.choices = {"table": [(table, table) for table in tables]}
        else:  # no list kept: the table's name typed
            self.widget.columns = [("table", _("Table"), {"size": "10", "class": "form-control"}),
                                   *self.widget.columns[1:]]

    def to_python(self, value):
        return keyed(super().to_python(value), lambda table: str(TABLE_TWICE).format(table=table))


def show_if(form: forms.Form, name: str, other: str, **condition: str) -> None:
    """Field `name` shown only when the field `other` of the same form says it applies (inputs.js): `before` a
    date, one of `values` (space-separated; « on » for a ticked box), `empty`, or by default any value. Only the
    display: the server checks the input the same either way, and a field in error or already filled stays shown."""
    if name not in form.fields or other not in form.fields:
        return
    attrs = form.fields[name].widget.attrs
    attrs["data-show-if"] = form.add_prefix(other)
    for key, value in condition.items():
        attrs[f"data-show-{key}"] = value


def late_reason_shown(form: forms.Form, casino) -> None:
    """The reason of a late filing asked only for a gaming day past the casino's delay (`Casino.late_filing_days`):
    a day before today less the delay (registers.chain.services.days_late)."""
    if casino is not None:
        cutoff = casino.today() - datetime.timedelta(days=casino.late_filing_days)
        show_if(form, "late_reason", "gaming_day", before=cutoff.isoformat())
