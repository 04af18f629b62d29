"""The hold of each table by month drawn as an inline SVG line chart, its geometry computed here (no JavaScript,
no inline style under the site's CSP): the months along the bottom, the hold in per cent up the side, one line per
table and a thicker one for the whole casino, a gap where a month has no counted drop."""

import datetime
from dataclasses import dataclass, field
from decimal import ROUND_CEILING, ROUND_FLOOR, Decimal

from babel.dates import format_date
from django.utils.formats import number_format

from compliance.formatting import babel_locale, money
from compliance.models import Casino

from .selectors import Trend, TrendRow

WIDTH, HEIGHT = 960, 380
LEFT, RIGHT, TOP, BOTTOM = 70, 20, 20, 64  # the plot's margins: the axes' labels and titles
STEPS = [Decimal(step) for step in ("0.01", "0.02", "0.05", "0.10", "0.20", "0.25", "0.50", "1", "2", "5", "10")]
COLOURS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22",
           "#17becf")
TOTAL_COLOUR = "#14213d"


@dataclass
class Point:
    x: float
    y: float
    title: str


@dataclass
class Series:
    label: str
    colour: str
    total: bool
    points: list[Point] = field(default_factory=list)
    segments: list[str] = field(default_factory=list)  # polyline `points` attributes, split where a month is missing


@dataclass
class Chart:
    width: int
    height: int
    left: int
    top: int
    right: int
    bottom: int
    x_ticks: list[tuple[float, str, str]]  # x, month, year (shown under January and the first month)
    y_ticks: list[tuple[float, str]]
    zero: float
    series: list[Series]
    x_title_x: float
    x_title_y: int
    y_title_x: int
    y_title_y: float

    @property
    def empty(self) -> bool:
        return not any(series.points for series in self.series)


def _bounds(values: list[Decimal]) -> tuple[Decimal, Decimal, Decimal]:
    """The axis's lowest and highest values and its step: 0 always shown, at most 8 steps, round per cents."""
    low, high = min([Decimal(0), *values]), max([Decimal("0.05"), *values])
    step = next((step for step in STEPS if (high - low) / step <= 8), STEPS[-1])
    low = (low / step).to_integral_value(rounding=ROUND_FLOOR) * step
    high = (high / step).to_integral_value(rounding=ROUND_CEILING) * step
    return low, high, step


def _percent(value: Decimal) -> str:
    places = 0 if (value * 100) == (value * 100).to_integral_value() else 1
    return f"{number_format(value * 100, places)} %"


def hold_chart(trend: Trend, casino: Casino, total_label: str) -> Chart:
    plot_right, plot_bottom = WIDTH - RIGHT, HEIGHT - BOTTOM
    rows: list[tuple[TrendRow, str, bool]] = [(row, COLOURS[index % len(COLOURS)], False)
                                              for index, row in enumerate(trend.rows)]
    rows.append((trend.total, TOTAL_COLOUR, True))
    values = [group.hold for row, _colour, _total in rows for group in row.months
              if group is not None and group.hold is not None]
    low, high, step = _bounds(values)
    count = len(trend.months)
    span = (plot_right - LEFT) / max(count, 1)

    def x(index: int) -> float:
        return round(LEFT + span * (index + 0.5), 1)

    def y(value: Decimal) -> float:
        return round(plot_bottom - float((value - low) / (high - low)) * (plot_bottom - TOP), 1)

    locale = babel_locale(casino.jurisdiction)
    x_ticks = []
    for index, month in enumerate(trend.months):
        year = str(month.year) if index == 0 or month.month == 1 else ""
        x_ticks.append((x(index), format_date(month, "MMM", locale=locale), year))
    ticks, value = [], low
    while value <= high:
        ticks.append((y(value), _percent(value)))
        value += step
    series = []
    for row, colour, total in rows:
        line = Series(label=total_label if total else row.label, colour=colour, total=total)
        segment: list[str] = []
        for index, group in enumerate(row.months):
            if group is None or group.hold is None:
                if segment:
                    line.segments.append(" ".join(segment))
                segment = []
                continue
            month = format_date(trend.months[index], "MMMM yyyy", locale=locale)
            title = (f"{line.label} · {month} : hold {_percent(group.hold)}, win "
                     f"{money(group.win, currency=casino.currency, jurisdiction=casino.jurisdiction)}, drop "
                     f"{money(group.drop, currency=casino.currency, jurisdiction=casino.jurisdiction)}")
            point = Point(x(index), y(group.hold), title)
            line.points.append(point)
            segment.append(f"{point.x},{point.y}")
        if segment:
            line.segments.append(" ".join(segment))
        series.append(line)
    return Chart(width=WIDTH, height=HEIGHT, left=LEFT, top=TOP, right=plot_right, bottom=plot_bottom,
                 x_ticks=x_ticks, y_ticks=ticks, zero=y(Decimal(0)), series=series,
                 x_title_x=round((LEFT + plot_right) / 2, 1), x_title_y=HEIGHT - 6,
                 y_title_x=18, y_title_y=round((TOP + plot_bottom) / 2, 1))


def month_label(month: datetime.date, casino: Casino) -> str:
    return format_date(month, "MMM yyyy", locale=babel_locale(casino.jurisdiction))
