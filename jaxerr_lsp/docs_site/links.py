"""Where the catalog's web pages are: the base URL of the site, and each page's address.

The base URL is a setting: `[tool.jaxerr] docs-url` in pyproject.toml, the editor setting
`docsUrl` (`jaxerr.docsUrl` in VS Code), or `--docs-url` on the command line, each over the one
before. By default it is the copy of the site that ships inside the wheel
(`jaxerr_lsp/site/`, built at packaging time), as a `file://` URL, so links work offline; in a
checkout without that copy there is no default, and no link is shown.

The pages have fixed paths below the base: `errors/<entry id>.html`, `apis/<API name>.html`.
This module is light (no site generator): the CLI, the server and the runtime use it.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import quote, urlsplit

__all__ = [
    "PACKAGED_SITE",
    "DocsUrlError",
    "api_page",
    "api_url",
    "check_docs_url",
    "default_docs_url",
    "docs_base_for",
    "docs_url_for",
    "entry_page",
    "entry_url",
    "jax_source_url",
    "resolve_docs_url",
]

# The site the wheel ships (the hatch build hook writes it there).
PACKAGED_SITE = Path(__file__).resolve().parent.parent / "site"
JAX_REPOSITORY = "https://github.com/jax-ml/jax"
_SCHEMES = ("http", "https", "file")


class DocsUrlError(ValueError):
    """A docs URL that cannot be used; the message names where it came from."""


def check_docs_url(value: object, origin: str) -> str:
    """`value` as a base URL ending in "/" (an http(s) or file URL), else DocsUrlError."""
    if not isinstance(value, str) or not value.strip():
        raise DocsUrlError(f"{origin}: `docs-url` must be a URL (https://... or file:///...), "
                           f"not {value!r}")
    url = value.strip()
    parts = urlsplit(url)
    if parts.scheme not in _SCHEMES or (parts.scheme != "file" and not parts.netloc):
        raise DocsUrlError(f"{origin}: `docs-url` must be an http, https or file URL, not {url!r}")
    return url if url.endswith("/") else url + "/"


def default_docs_url(site: Path = PACKAGED_SITE) -> str | None:
    """The packaged site as a file:// URL, or None when this installation has none."""
    if (site / "index.html").is_file():
        return site.as_uri() + "/"
    return None


def resolve_docs_url(*layers: str | None) -> str | None:
    """The last layer that is set (checked), else the packaged site's URL, else None."""
    for layer in reversed(layers):
        if layer:
            return check_docs_url(layer, "docs-url")
    return default_docs_url()


def entry_page(entry_id: str) -> str:
    """The entry's page, relative to the site's root."""
    return f"errors/{entry_id}.html"


def api_page(api_name: str) -> str:
    """An API's page, relative to the site's root ("apis/jax.vjp.html")."""
    return f"apis/{api_name}.html"


def entry_url(base: str | None, entry_id: str) -> str | None:
    return None if base is None else base + quote(entry_page(entry_id))


def api_url(base: str | None, api_name: str) -> str | None:
    return None if base is None else base + quote(api_page(api_name))


def jax_source_url(file: str, line: int, version: str) -> str:
    """The line of JAX's source on GitHub at the release tag (`jax-v0.12.0.1`). A path in the
    wheel (`jax/_src/api.py`) is the same path in the repository; so is a C++ source
    (`jaxlib/jax_jit.h`)."""
    return f"{JAX_REPOSITORY}/blob/jax-v{version}/{file}#L{line}"


def docs_base_for(path: str | None, overrides: dict | None = None) -> str | None:
    """The site's base URL for a file at `path`: the editor's or command line's `overrides`
    ("docs-url"), else its `[tool.jaxerr] docs-url`, else the packaged site (None: none)."""
    from jaxerr_lsp.app.configuration import config_for_file

    return resolve_docs_url(config_for_file(path, overrides or {}, "settings").docs_url)


def docs_url_for(entry_id: str, path: str | None, overrides: dict | None = None) -> str | None:
    """The URL of an entry's page for a file at `path` (see `docs_base_for`)."""
    return entry_url(docs_base_for(path, overrides), entry_id)
