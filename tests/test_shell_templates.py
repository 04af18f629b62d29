"""The shell's rules that hold in the templates themselves: every table of a page sits in a wrapper that scrolls it
inside its card (a wide table never pushes the page sideways, WCAG 1.4.10), and the base page opens with a skip link
to its main content (WCAG 2.4.1). The browser tests (tests/test_accessibility_browser.py) check the pages as drawn."""

import re
from pathlib import Path

from django.conf import settings

TEMPLATES = Path(settings.BASE_DIR) / "templates"
# printed by WeasyPrint to a fixed page width, never shown in a browser
PDF_TEMPLATES = ("compliance/reports/", "registers/cards/caisse/releve_pdf.html")


def _unwrapped_tables(text: str) -> list[int]:
    """The line of each <table> whose nearest open <div> before it is not a .table-responsive."""
    lines = []
    for match in re.finditer(r"<table\b", text):
        before = text[:match.start()]
        depth, wrapped = 0, False
        for tag in reversed(re.findall(r"<div\b[^>]*>|</div>", before)):
            if tag == "</div>":
                depth += 1
            elif depth:
                depth -= 1
            else:
                wrapped = "table-responsive" in tag
                break
        if not wrapped:
            lines.append(before.count("\n") + 1)
    return lines


def test_every_table_of_a_page_scrolls_inside_its_own_wrapper():
    found = []
    for path in sorted(TEMPLATES.rglob("*.html")):
        name = path.relative_to(TEMPLATES).as_posix()
        if name.startswith(PDF_TEMPLATES):
            continue
        found += [f"templates/{name}:{line}" for line in _unwrapped_tables(path.read_text())]
    assert not found, ("put these tables in <div class=\"table-responsive\"> (static/js/shell.js makes it focusable "
                       "when it scrolls):\n" + "\n".join(found))


def test_the_check_tells_a_wrapped_table_from_a_bare_one():
    assert _unwrapped_tables('<div class="table-responsive"><table></table></div>') == []
    assert _unwrapped_tables('<div class="table-responsive">\n<div class="x"></div>\n<table>') == []
    assert _unwrapped_tables('<div class="card">\n<table>') == [2]
    assert _unwrapped_tables('<div class="table-responsive"></div>\n<table>') == [2]


def test_the_base_page_opens_with_a_skip_link_to_its_main_content():
    base = (TEMPLATES / "base.html").read_text()
    body = base[base.index("<body"):]
    first_focusable = re.search(r"<(a|button|input|select|textarea)\b[^>]*>", body).group(0)
    assert 'href="#contenu"' in first_focusable and "skip-link" in first_focusable
    assert re.search(r'<main\b[^>]*\bid="contenu"', base)
    assert 'data-bs-toggle="offcanvas"' in base and 'id="app-menu"' in base  # the menu leaves the page below 992 px
