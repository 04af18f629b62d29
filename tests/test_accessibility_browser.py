"""Every demo persona's pages at 1366 px and at 390 px: 0 axe-core violations (WCAG 2.1 A and AA) and, on the phone,
no page that scrolls sideways; the shell's menu and skip link used with the keyboard alone.

The pages: the persona's first page, each page of its menu, and the pages these link to, two clicks further (a
register, then one of its entries; a day of the tables, then a table's session). Each persona's first page is checked
at both widths (by its screenshots); the other pages once per kind (their URL name) for the personas of one role,
whose pages show the same forms, so that the second and third persona of a role add only the pages of their own
jurisdiction (Luxembourg's cards and caisse spéciale): a list of 300 entries costs one visit, and the suite stays
short."""

import time
from urllib.parse import urljoin, urlsplit

import pytest
from django.urls import Resolver404, resolve

from compliance.demo import USERS
from tests.a11y import DESKTOP, PHONE, report, sideways, violations
from tests.test_browser import browser, shots, signed_in  # noqa: F401 (fixtures)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Django's admin and the API's Swagger UI are third-party pages; the others are not pages (downloads, POST only)
SKIPPED = ("/admin/", "/api/", "/i18n/", "/deconnexion/", "/static/", "/pki/")
DOWNLOADS = (".pdf", ".csv", ".ics", ".json", ".zip", ".xml", ".txt", ".p7s", ".cer", ".crl")
DEPTH = 3  # a menu page, what it lists, what that lists
# the personas by role: the deeper pages are checked once per role
ROLES = {role: [user.username for user in USERS if user.role == role]
         for role in ("accountant", "manager", "regulator", "admin")}

MENU = "() => Array.from(document.querySelectorAll('#app-menu nav a[href]')).map(a => a.getAttribute('href'))"
LINKS = """() => Array.from(document.querySelectorAll('main a[href]')).map(a => a.getAttribute('href'))
    .filter(h => !h.startsWith('#') && !h.startsWith('mailto:'))"""


def _kind(path: str) -> str | None:
    try:
        return resolve(urlsplit(path).path).view_name
    except Resolver404:
        return None


def _local(base: str, page_url: str, href: str) -> str | None:
    url = urlsplit(urljoin(page_url, href))
    if url.netloc != urlsplit(base).netloc or url.path.startswith(SKIPPED) or url.path.endswith(DOWNLOADS):
        return None
    return url.path + (f"?{url.query}" if url.query else "")


def settles(page, expression: str, seconds: float = 5) -> bool:
    """Whether `expression` becomes true within a few seconds (Playwright's wait_for_function evaluates a string,
    which the pages' CSP refuses)."""
    deadline = time.monotonic() + seconds
    while not (true := page.evaluate(expression)) and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    return true


def check(page, where: str) -> list[str]:
    """The page as loaded, at both widths (the one it has first): what axe finds, and any sideways scroll."""
    problems = []
    first = page.viewport_size
    for size in (first, PHONE if first == DESKTOP else DESKTOP):
        if page.viewport_size != size:
            page.set_viewport_size(size)
        if found := violations(page):
            problems.append(report(found, f"{where} at {size['width']} px"))
        if size == PHONE and (extra := sideways(page)):
            problems.append(f"{where} scrolls sideways by {extra} px at 390 px")
    return problems


def visit_all(page, base: str, username: str, checked_kinds: set[str]) -> tuple[list[str], list[str]]:
    """Checks the persona's menu pages and the pages they lead to, of kinds not checked yet for its role; the first
    page, where the persona lands, is checked by its screenshots (tests/a11y.py's check_at_screenshots)."""
    queue = [(path, 1) for href in page.evaluate(MENU) if (path := _local(base, page.url, href))]
    queue += [(path, 2) for href in page.evaluate(LINKS) if (path := _local(base, page.url, href))]  # its « À faire »
    seen, visited, problems = {_kind(urlsplit(page.url).path)}, [], []
    while queue:
        path, depth = queue.pop(0)
        kind = _kind(path)
        if kind is None or kind in seen or kind in checked_kinds:
            continue
        seen.add(kind)
        try:
            response = page.goto(base + path)
        except Exception:  # noqa: BLE001 - a link to a download (PDF, CSV, iCalendar) is no page to check
            continue
        if response is not None and not response.ok:  # a link the persona is shown leads nowhere
            problems.append(f"{path} ({kind}) answers HTTP {response.status} to {username}")
            continue
        if response is None or "text/html" not in response.headers.get("content-type", ""):
            continue
        visited.append(f"{kind} {path}")
        problems += check(page, f"{path} ({kind}) as {username}")
        if depth < DEPTH:
            queue += [(path, depth + 1) for href in page.evaluate(LINKS) if (path := _local(base, page.url, href))]
    checked_kinds |= seen
    return visited, problems


@pytest.mark.parametrize("role", list(ROLES))
def test_every_page_of_each_persona_has_no_axe_violation_at_1366_and_390_px(
        demo, rules, live_server, browser, shots, role):  # noqa: F811 (fixtures)
    checked_kinds, problems = set(), []
    for username in ROLES[role]:
        started = time.monotonic()
        page, _errors = signed_in(browser, live_server, username)
        # console errors with the page they came from, which the sign-in's own list does not say
        page.on("console", lambda msg, page=page, who=username, out=problems: msg.type == "error" and out.append(
            f"{page.url}: {msg.text} (console, as {who})"))
        for size in (DESKTOP, PHONE):  # the first page, as the persona sees it on a desk and on a phone
            page.set_viewport_size(size)
            page.screenshot(path=shots / f"a11y-{username}-home-{size['width']}.png", full_page=True)
        visited, found = visit_all(page, live_server.url, username, checked_kinds)
        problems += found
        print(f"{username}: {len(visited)} pages checked at both widths in {time.monotonic() - started:.1f} s")
        print("\n".join(f"  {line}" for line in visited))
        page.close()
    assert len(checked_kinds) >= 10, checked_kinds  # the menu's pages and more: the crawl did not stop short
    assert not problems, "\n".join(problems)


def test_the_menu_and_the_skip_link_work_with_the_keyboard_on_a_phone_and_the_sidebar_stays_on_a_desk(
        demo, rules, live_server, browser, shots):  # noqa: F811 (fixtures)
    page, errors = signed_in(browser, live_server, "lu.direction", viewport=PHONE)
    page.goto(f"{live_server.url}/registres/")
    menu, toggle = page.locator("#app-menu"), page.locator("[data-testid=menu-toggle]")
    skip = page.locator(".skip-link")
    focused = "el => el === document.activeElement"
    assert not menu.is_visible()  # below 992 px the menu is off the page
    page.keyboard.press("Tab")
    assert skip.evaluate(focused) and skip.is_visible() and skip.inner_text() == "Aller au contenu"
    page.keyboard.press("Tab")
    assert toggle.evaluate(focused)
    page.keyboard.press("Enter")
    menu.locator("nav a", has_text="Registres").wait_for(state="visible")
    assert settles(page, "document.getElementById('app-menu').contains(document.activeElement)")  # focus moved in
    assert "Luc Schmit" in menu.locator(".app-menu-who").inner_text()  # who is signed in, on a phone too
    assert sideways(page) == 0
    page.screenshot(path=shots / "a11y-menu-open-390.png")
    page.keyboard.press("Escape")
    menu.wait_for(state="hidden")
    assert settles(page, "document.activeElement.dataset.testid === 'menu-toggle'")  # back where it was opened
    page.keyboard.press("Enter")
    menu.locator("nav a", has_text="Tables et salle de poker").click()
    page.wait_for_url("**/tables/")
    assert not menu.is_visible()
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")  # the skip link: past the header, into the page's own content
    assert page.evaluate("document.activeElement.id") == "contenu"

    page.set_viewport_size(DESKTOP)  # on a desk the menu is the page's sidebar, its button gone
    assert menu.is_visible() and not toggle.is_visible()
    assert menu.locator("nav a", has_text="Registres").is_visible()
    page.screenshot(path=shots / "a11y-tables-home-1366.png", full_page=True)
    assert errors == [], errors
    page.close()
