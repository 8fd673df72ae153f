"""`jaxerr docs build`: the catalog's website, built with MkDocs and the Material theme.

The pages come from jaxerr_lsp.docs_site.pages (the catalog, and the README for the checker's
page); this module writes them into a scratch docs folder with a generated `mkdocs.yml` and runs
MkDocs in this process. The site works from any static host and from `file://`: page URLs end
in `.html` (no directory URLs), Material's `offline` plugin makes the search index a script
that the search loads without a server, and no font or script is fetched from the network.
MkDocs runs in strict mode, so a link to a page that does not exist fails the build.
"""

from __future__ import annotations

import importlib.metadata
import json
import re
import logging
import shutil
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from jaxerr_lsp.errors.catalog import Catalog, load_catalog
from jaxerr_lsp.docs_site.pages import api_file, entry_file, site_pages

__all__ = ["BuiltSite", "DocsBuildError", "build_site", "readme_text"]

SITE_NAME = "JAX errors · jaxerr"
TITLE_BOOST = 10.0
ASSETS = Path(__file__).resolve().parent / "assets"
_EXTRA_CSS = """\
/* Long JAX messages wrap instead of scrolling sideways. */
.md-typeset pre > code { white-space: pre-wrap; overflow-wrap: anywhere; }
.md-typeset table:not([class]) { font-size: .75rem; }
/* WCAG AA contrast (axe-core checks it) where the theme's defaults fall short. */
.md-copyright, .md-copyright__highlight { color: rgba(255, 255, 255, .87); }
.md-typeset .highlight :is(.c, .c1, .ch, .cm, .cpf, .cs) { color: #575757; }
.md-typeset .highlight :is(.o, .ow) { color: #6a2c91; }
.md-search-result__meta { color: rgba(0, 0, 0, .75); }
/* (the theme's light grey falls under 4.5:1 on a focused or hovered result's tint) */
.md-search-result .md-typeset { color: rgba(0, 0, 0, .75); }
.md-search-result mark { color: rgba(0, 0, 0, .87); background-color: #fff3b0; text-decoration: underline; }
/* Links inside text are underlined, not told apart by their colour alone. */
.md-typeset :is(p, li, td) a { text-decoration: underline; }
"""
_ACCESSIBILITY_JS = """\
// The search dialog of the theme has no accessible name: give it one.
document.querySelectorAll('[data-md-component="search"][role="dialog"]').forEach((dialog) => {
  if (!dialog.hasAttribute('aria-label')) dialog.setAttribute('aria-label', 'Search the catalog');
});
"""


class DocsBuildError(RuntimeError):
    """The site could not be built; the message says why (a missing generator, a bad link)."""


@dataclass(frozen=True)
class BuiltSite:
    directory: Path
    pages: int
    seconds: float


def readme_text() -> str:
    """The README: the checkout's, or the installed package's long description."""
    checkout = Path(__file__).resolve().parents[2] / "README.md"
    if checkout.is_file():
        return checkout.read_text(encoding="utf-8")
    try:
        return importlib.metadata.metadata("jaxerr-lsp").get_payload() or ""  # type: ignore[attr-defined]
    except Exception:  # noqa: BLE001 - no README: the checker's page says so
        return ""


def _nav(catalog: Catalog) -> list[object]:
    errors: list[object] = [{"By rule code": "indexes/rules.md"},
                            {"By exception class": "indexes/exceptions.md"},
                            {"By family": "indexes/families.md"}]
    errors += [{e.name: entry_file(e.id)}
               for e in sorted(catalog, key=lambda e: (not e.rule, e.rule, e.id))]
    apis: list[object] = [{"All APIs": "apis/index.md"}]
    apis += [{name: api_file(name)} for name in sorted(catalog.api_docs, key=str.lower)]
    return [{"Home": "index.md"}, {"The checker": "checker.md"}, {"Errors": errors},
            {"JAX APIs": apis}]


def mkdocs_config(catalog: Catalog, docs_dir: Path, site_dir: Path) -> dict[str, object]:
    return {
        "site_name": SITE_NAME,
        "site_description": "The errors JAX raises: what each means, where JAX raises it and how "
                            "to fix it, verified against the real JAX.",
        "docs_dir": str(docs_dir),
        "site_dir": str(site_dir),
        "use_directory_urls": False,
        "strict": True,
        "theme": {
            "name": "material",
            "font": False,  # no Google Fonts: the site works offline
            "language": "en",
            "features": ["navigation.top", "navigation.sections", "search.highlight",
                         "content.code.copy"],
            "palette": {"scheme": "default", "primary": "indigo", "accent": "indigo"},
        },
        "extra_css": ["assets/extra.css"],
        "extra_javascript": ["assets/accessibility.js"],
        # Our own Worker stand-in for file:// (the offline plugin would load one from a CDN).
        "extra": {"polyfills": ["assets/iframe-worker.js"]},
        "plugins": [
            # JAX messages are full of punctuation: split words on it, and on dots, so that a
            # pasted `jax.vjp` or `with_refs(...)` finds what the page says.
            {"search": {"lang": "en", "separator": r"[\s\-,:;!=\[\]()\"`'/<>{}*.]+"}},
            "offline",
        ],
        "markdown_extensions": [
            "admonition", "attr_list", "tables", "md_in_html",
            {"toc": {"permalink": True}},
            {"pymdownx.highlight": {"anchor_linenums": False}},
            "pymdownx.superfences",
        ],
        "nav": _nav(catalog),
        "validation": {"links": {"not_found": "warn", "anchors": "warn", "absolute_links": "warn",
                                 "unrecognized_links": "warn"}},
    }


def _tune_search(site: Path) -> None:
    """Weigh a page's title less than Material does (1000 times its text): a pasted JAX message
    must find the page that holds it, not a page whose title shares a word with it. The offline
    plugin's script copy of the index gets the same change."""
    index = site / "search" / "search_index.json"
    if not index.is_file():
        return
    data = json.loads(index.read_text(encoding="utf-8"))
    data["config"]["fields"]["title"]["boost"] = TITLE_BOOST
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    index.write_text(text, encoding="utf-8")
    script = site / "search" / "search_index.js"
    if script.is_file():
        script.write_text(f"var __index = {text}", encoding="utf-8")


# lunr 2.3.9 (in Material's search worker) keys each node of a token set by its edges written
# one after another, label then node id, with nothing between: two different sets can get one
# key ("1" + "23" and "12" + "3"), and the minimized automaton then points at a node that is not
# there; a search then fails with "Cannot read properties of undefined (reading '_index')". It
# depends on every word of the site (one new word in an entry set it off). The patch writes each
# edge as `"label":id,`, which no two different sets share.
_TOKEN_SET_KEY = re.compile(
    r'(TokenSet\.prototype\.toString=function\(\)\{if\(this\._str\)return this\._str;'
    r'for\(var (\w+)=this\.final\?"1":"0",[^{}]*\{var (\w+)=\w+\[\w+\],(\w+)=this\.edges\[\w+\];)'
    r'\2=\2\+\3\+\4\.id\}')


def _patch_search_worker(site: Path) -> None:
    """Make lunr's token set keys unambiguous (`_TOKEN_SET_KEY`) in the search worker."""
    workers = list((site / "assets" / "javascripts" / "workers").glob("search.*.js"))
    if not workers:
        return
    for worker in workers:
        text = worker.read_text(encoding="utf-8")
        patched, count = _TOKEN_SET_KEY.subn(r'\1\2=\2+JSON.stringify(\3)+":"+\4.id+","}', text)
        if count != 1:
            raise DocsBuildError(f"the search worker {worker.name} does not hold the lunr code this "
                                 "build patches (another mkdocs-material release?)")
        worker.write_text(patched, encoding="utf-8")


def build_site(out: Path, catalog: Catalog | None = None, readme: str | None = None) -> BuiltSite:
    """Build the site into `out` (replaced). Raises DocsBuildError."""
    started = time.perf_counter()
    try:
        from mkdocs.commands.build import build
        from mkdocs.config import load_config
        from mkdocs.exceptions import MkDocsException
    except ImportError as error:
        raise DocsBuildError(
            "building the website needs MkDocs with the Material theme: "
            "pip install 'jaxerr-lsp[docs]'") from error
    catalog = catalog if catalog is not None else load_catalog()
    pages = site_pages(catalog, readme if readme is not None else readme_text())
    out = Path(out).resolve()
    with tempfile.TemporaryDirectory(prefix="jaxerr-docs-") as tmp:
        docs = Path(tmp) / "docs"
        for name, text in pages.items():
            path = docs / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        (docs / "assets").mkdir(exist_ok=True)
        (docs / "assets" / "extra.css").write_text(_EXTRA_CSS, encoding="utf-8")
        shutil.copy(ASSETS / "iframe-worker.js", docs / "assets" / "iframe-worker.js")
        (docs / "assets" / "accessibility.js").write_text(_ACCESSIBILITY_JS, encoding="utf-8")
        config_file = Path(tmp) / "mkdocs.yml"
        staging = Path(tmp) / "site"
        # JSON is YAML: no YAML writer needed.
        config_file.write_text(json.dumps(mkdocs_config(catalog, docs, staging), indent=1),
                               encoding="utf-8")
        logger = logging.getLogger("mkdocs")
        level = logger.level
        logger.setLevel(logging.WARNING)
        try:
            config = load_config(config_file=str(config_file))
            build(config)
        except (MkDocsException, SystemExit) as error:
            raise DocsBuildError(f"MkDocs could not build the site: {error}") from error
        finally:
            logger.setLevel(level)
        _tune_search(staging)
        _patch_search_worker(staging)
        # MkDocs's 404 page links with absolute paths (it may be served at any address), which
        # hold only at a host's root; a static host shows its own.
        (staging / "404.html").unlink(missing_ok=True)
        if out.exists():
            shutil.rmtree(out)
        out.parent.mkdir(parents=True, exist_ok=True)
        shutil.copytree(staging, out)
    return BuiltSite(out, len(pages), time.perf_counter() - started)
