"""A link checker for a built static site: every internal link and asset reference of every HTML
page must name a file of the site, and a `#fragment` an id (or name) in that file."""

from __future__ import annotations

from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

_ATTRIBUTES = {"a": "href", "link": "href", "script": "src", "img": "src", "iframe": "src",
               "source": "src"}


@dataclass(frozen=True)
class Link:
    page: Path  # the page holding the link
    target: str  # as written


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        for key in ("id", "name"):
            if values.get(key):
                self.ids.add(values[key] or "")
        wanted = _ATTRIBUTES.get(tag)
        if wanted and values.get(wanted):
            self.links.append(values[wanted] or "")


def _parse(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def check_site(site: Path) -> tuple[list[str], list[Link], int]:
    """(broken internal links as messages, external links, number of internal links checked)."""
    site = site.resolve()
    pages = {path: _parse(path) for path in sorted(site.rglob("*.html"))}
    broken: list[str] = []
    external: list[Link] = []
    checked = 0
    for path, page in pages.items():
        for target in page.links:
            parts = urlsplit(target)
            if parts.scheme or parts.netloc:
                if parts.scheme in ("http", "https"):
                    external.append(Link(path, target))
                continue
            checked += 1
            file = (path.parent / unquote(parts.path)).resolve() if parts.path else path
            where = f"{path.relative_to(site)}: {target!r}"
            if not file.is_relative_to(site):
                broken.append(f"{where} leaves the site")
                continue
            if file.is_dir():
                file = file / "index.html"
            if not file.is_file():
                broken.append(f"{where}: no such file {file.relative_to(site)}")
                continue
            if parts.fragment and file.suffix == ".html":
                ids = pages[file].ids if file in pages else _parse(file).ids
                if unquote(parts.fragment) not in ids:
                    broken.append(f"{where}: no id {parts.fragment!r} in {file.relative_to(site)}")
    return broken, external, checked
