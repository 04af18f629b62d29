"""No page speaks to its reader in the machine's words (issue 36, item 9): every page each demo persona reaches from
the menu, and the pages those link to, in French and in English, shows no Python exception, no register key
(« lac-bleu/cagnotte »), no rule key (« mc.uth.trips »), no ISO date and no raw decimal (« 48805.00 ») in its text.

The text is what a reader sees: the text nodes and the `title` tooltips, without scripts, styles, form inputs, URLs,
and the small monospace (`<code>`, `<kbd>`, `<samp>`) an expert may read a key in."""

import re
from collections import Counter, defaultdict
from html.parser import HTMLParser
from urllib.parse import urldefrag, urlsplit

import pytest
from django.conf import settings
from django.test import Client

from compliance.demo import USERS
from compliance.models import Casino, User
from compliance.navigation import navigation_for
from games.models import Game, HandRanking, PayTable, RuleValue

# every persona in French; in English one per role, each jurisdiction once (the English pages differ from the French
# by their words, which are the same for every reader of a role)
PERSONAS = {"fr": [user.username for user in USERS] + ["vieux-pont.direction"],
            "en": ["qc.caissier", "mc.direction", "lu.ministere", "admin"]}
PER_SHAPE = 1  # pages of one URL shape (its numbers, days and ids aside) read per role and language
MAX_PAGES = 60  # per persona and language: the menu, then what it links to, breadth first
# the rules library reads the same for every reader allowed to see a page of it: read once per language, by the first
# persona who reaches it, its other readers' pages go to their own registers, days and requests
SHARED = ("/regles/",)
SKIPPED = ("/api/", "/static/", "/admin/", "/i18n/", "/deconnexion/", "/pki/")
DOWNLOADS = re.compile(r"\.(pdf|csv|json|ics|zip)(\?|$)|/(pdf|csv|telecharger|export)/?(\?|$)|[?&](format|export)=")


class VisibleText(HTMLParser):
    """The text a reader sees, and the page's own links."""

    HIDDEN = {"script", "style", "textarea", "code", "kbd", "samp", "template"}
    VOID = {"input", "br", "img", "hr", "meta", "link", "source", "col", "wbr", "area", "base", "embed", "track"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.links: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "a" and attrs.get("href"):
            self.links.append(attrs["href"])
        if attrs.get("title") and not self.hidden:
            self.parts.append(attrs["title"])
        if tag in self.HIDDEN:
            self.hidden += 1

    def handle_endtag(self, tag):
        if tag in self.HIDDEN and self.hidden:
            self.hidden -= 1

    def handle_data(self, data):
        if not self.hidden:
            self.parts.append(data)

    @property
    def text(self) -> str:
        text = " ".join(" ".join(self.parts).split())
        return re.sub(r"https?://\S+|(?<![\w.])/[\w./?=&%:-]+", " ", text)  # URLs and paths are an expert's


def patterns() -> dict[str, re.Pattern]:
    """What a reader must never see, each pattern named after the fault it catches."""
    casinos = "|".join(re.escape(code) for code in Casino.objects.values_list("code", flat=True))
    dotted = {key for model in (RuleValue, Game, PayTable, HandRanking)
              for key in model.objects.values_list("key", flat=True) if "." in key}
    return {
        "exception": re.compile(r"\b\w*(Error|Exception)\(|\b[A-Z][a-z]+[A-Za-z]*(Error|Exception)\b|"
                                r"\bTraceback\b|\bDoesNotExist\b|\bNoneType\b"),
        "register key": re.compile(rf"(?<![\w-])({casinos})/[a-z]"),
        "rule key": re.compile(r"(?<![\w.])(" + "|".join(re.escape(key) for key in sorted(dotted, key=len,
                                                                                           reverse=True))
                               + r")(?![\w])") if dotted else re.compile(r"$^"),
        "ISO date": re.compile(r"(?<![\w-])\d{4}-\d{2}-\d{2}(?![\w-])"),
        "raw decimal": re.compile(r"(?<![\d,.])(?<!version )\d{4,}\.\d{2}(?!\d)"),
        "jour(s)": re.compile(r"\w\(s\)"),
    }


def shape(url: str) -> str:
    """The URL with its variable parts (numbers, days, ids, query values) blanked out."""
    path, _, query = url.partition("?")
    path = re.sub(r"[0-9a-f]{8}-[0-9a-f-]{27}", "<uuid>", path)
    path = re.sub(r"\d{4}-\d{2}(-\d{2})?", "<day>", path)
    path = re.sub(r"\d+", "<n>", path)
    keys = sorted(part.split("=")[0] for part in query.split("&") if part)
    return path + ("?" + "&".join(keys) if keys else "")


def crawl(client: Client, starts: list[str], shared: set[str], seen_shapes: Counter | None = None,
          ) -> tuple[dict[str, str], list[str]]:
    """Every page reached from `starts`, breadth first: url → visible text; and the urls that answered 500. `shared`
    holds the pages of the rules library already read in this language (by another persona), and gets this one's;
    `seen_shapes`, the URL shapes already read by the personas of this one's role (its own start pages are read
    whatever they are: its home and its menu show its own casino's data)."""
    seen_shapes = Counter() if seen_shapes is None else seen_shapes
    queue, visited, texts, broken = list(starts), set(), {}, []
    while queue and len(texts) < MAX_PAGES:
        url = queue.pop(0)
        if url in visited or url in shared:
            continue
        visited.add(url)
        if url.startswith(SHARED):
            shared.add(url)
        if seen_shapes[shape(url)] >= PER_SHAPE and url not in starts:
            continue
        seen_shapes[shape(url)] += 1
        response = client.get(url)
        if response.status_code >= 500:
            broken.append(url)
            continue
        if response.status_code != 200 or "text/html" not in response.get("Content-Type", ""):
            continue
        parser = VisibleText()
        parser.feed(response.content.decode())
        texts[url] = parser.text
        for href in parser.links:
            href = urldefrag(href)[0]
            parts = urlsplit(href)
            if parts.scheme or parts.netloc or not href.startswith("/"):
                continue
            if href.startswith(SKIPPED) or DOWNLOADS.search(href) or href in visited:
                continue
            queue.append(href)
    return texts, broken


def faults_in(texts: dict[str, str], found: dict[str, re.Pattern]) -> list[str]:
    faults = []
    for url, text in texts.items():
        for name, pattern in found.items():
            for match in pattern.finditer(text):
                start = max(match.start() - 60, 0)
                faults.append(f"{url}: {name} « {match.group(0)} » in « …{text[start:match.end() + 40]}… »")
    return faults


@pytest.mark.parametrize("language", PERSONAS)
def test_no_page_shows_an_exception_or_a_key(demo, rules, language):
    found = patterns()
    faults, broken, pages, shared = [], [], 0, set()
    shapes = defaultdict(Counter)  # by role: the pages of one shape read once per role, as tests/test_accessibility_…
    for username in PERSONAS[language]:
        user = User.objects.get(username=username)
        client = Client()
        client.force_login(user)
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
        starts = ["/tableau-de-bord/", *[item.url for item in navigation_for(user) if item.url]]
        texts, failed = crawl(client, starts, shared, shapes[user.role])
        pages += len(texts)
        broken += [f"{username}: {url}" for url in failed]
        faults += [f"{username} {fault}" for fault in faults_in(texts, found)]
    assert pages > 40 * len(shapes)  # each role's pages, the menus' and what they link to: the crawl did not stop short
    assert not (faults or broken), "\n".join([*broken, *faults][:400])
