"""The accessibility checks of the browser tests: axe-core (WCAG 2.1 A and AA) run inside the page, and no sideways
scroll on a phone.

axe-core comes from npm, pinned, installed once into the virtualenv's share/ folder (`python -m tests.a11y` does it,
and scripts/test calls that before pytest); it is not committed. It is evaluated through the DevTools protocol,
which the pages' CSP (no inline script) does not govern: a <script> tag would be refused and reported as an error."""

from __future__ import annotations

import contextlib
import fcntl
import subprocess
import sys
from pathlib import Path

AXE_VERSION = "4.10.3"
AXE_DIR = Path(sys.prefix) / "share" / f"axe-core-{AXE_VERSION}"
AXE_FILE = AXE_DIR / "node_modules" / "axe-core" / "axe.min.js"
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 900}

_source: str | None = None


def install() -> Path:
    """axe.min.js, installed by npm the first time (a lock keeps two test workers from installing it at once)."""
    if AXE_FILE.exists():
        return AXE_FILE
    AXE_DIR.mkdir(parents=True, exist_ok=True)
    with open(AXE_DIR / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not AXE_FILE.exists():
            subprocess.run(["npm", "install", "--prefix", str(AXE_DIR), "--no-save", "--no-package-lock",
                            "--no-audit", "--no-fund", "--loglevel=error", f"axe-core@{AXE_VERSION}"], check=True)
    return AXE_FILE


def _axe_source() -> str:
    global _source
    if _source is None:
        _source = install().read_text()
    return _source


def violations(page) -> list[dict]:
    """axe's WCAG 2.1 A/AA violations on the page as it is now."""
    # two frames: what the page's scripts redo after a resize (static/js/shell.js) is done before axe looks
    if not page.evaluate("""() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(
            () => done(typeof window.axe === 'object'))))"""):
        page.evaluate(_axe_source())
    return page.evaluate("""tags => axe.run(document, {runOnly: {type: 'tag', values: tags},
                                              resultTypes: ['violations']})
        .then(r => r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.map(n => ({target: n.target.join(' '), html: n.html.slice(0, 200),
                                      summary: (n.failureSummary || '').slice(0, 300)}))})))""", WCAG_TAGS)


def sideways(page) -> int:
    """By how many pixels the page scrolls sideways (0: it does not)."""
    return page.evaluate("Math.max(0, document.documentElement.scrollWidth - window.innerWidth)")


def report(found: list[dict], where: str) -> str:
    lines = [f"{len(found)} axe violation(s) on {where}:"]
    for v in found:
        lines.append(f"  [{v['impact']}] {v['id']}: {v['help']} ({len(v['nodes'])} node(s))")
        for node in v["nodes"][:8]:
            lines.append(f"    - {node['target']}\n      {node['html']}\n      {node['summary']}")
    return "\n".join(lines)


def assert_accessible(page, where: str = "", *, phone: bool | None = None) -> None:
    """0 axe violations; on a phone-wide viewport, no sideways scroll either."""
    where = where or page.url
    found = violations(page)
    assert not found, report(found, where)
    width = (page.viewport_size or DESKTOP)["width"]
    if phone or (phone is None and width <= PHONE["width"]):
        assert sideways(page) == 0, f"{where} scrolls sideways by {sideways(page)} px at {width} px"


def check_at_screenshots(monkeypatch) -> None:
    """Every page a browser test takes a screenshot of is checked there too: 0 axe violations at its own width,
    and, narrowed to a phone's 390 px for a moment, no sideways scroll."""
    from playwright.sync_api import Page

    screenshot = Page.screenshot

    def checked(page, *args, **kwargs):
        taken = screenshot(page, *args, **kwargs)
        where = f"{page.url} (screenshot {Path(str(kwargs.get('path', ''))).name})"
        assert_accessible(page, where)
        if (page.viewport_size or DESKTOP)["width"] > PHONE["width"]:
            with viewport(page, PHONE):
                assert sideways(page) == 0, f"{where} scrolls sideways by {sideways(page)} px at 390 px"
        return taken

    monkeypatch.setattr(Page, "screenshot", checked)


@contextlib.contextmanager
def viewport(page, size: dict):
    """The page at another size for a while, then back to its own."""
    before = page.viewport_size
    page.set_viewport_size(size)
    try:
        yield page
    finally:
        if before:
            page.set_viewport_size(before)


if __name__ == "__main__":
    print(install())
