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
from urllib.parse import quote

from jaxerr_lsp.core.config import check_docs_url, config_from_mapping, find_pyproject, read_pyproject

__all__ = [
    "PACKAGED_SITE",
    "api_page",
    "api_url",
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


def default_docs_url(site: Path = PACKAGED_SITE) -> str | None:
    """The packaged site as a file:// URL, or None when this installation has none."""
    if (site / "index.html").is_file():
        return site.as_uri() + "/"
    return None


def resolve_docs_url(*layers: str | None) -> str | None:
    """The last layer that is set (checked), else the packaged site's URL, else None."""
    for layer in reversed(layers):
        if layer:
            return check_docs_url(layer, "docs-url")  # ConfigError when it is not a URL
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


def jax_source_url(file: str, line: int, version: str) -> str | None:
    """The line of JAX's source on GitHub at the release tag (`jax-v0.12.0.1`). A path in the
    wheel (`jax/_src/api.py`) is the same path in the repository; so is a C++ source of jaxlib
    (`jaxlib/jax_jit.h`). None for a file the JAX repository does not hold (XLA's `xla/...`,
    whose commit the release pins elsewhere)."""
    if not file.startswith(("jax/", "jaxlib/")):
        return None
    return f"{JAX_REPOSITORY}/blob/jax-v{version}/{file}#L{line}"


def docs_base_for(path: str | None, overrides: dict | None = None) -> str | None:
    """The site's base URL for a file (or folder) at `path`: `overrides["docs-url"]` (editor
    settings, command line), else its `[tool.jaxerr] docs-url`, else the packaged site (None:
    none). Reads pyproject.toml each time: for one-off uses (the runtime companion); the server
    and the CLI use jaxerr_lsp.app.configuration's cached reading. Raises ConfigError."""
    if overrides and overrides.get("docs-url") is not None:
        return resolve_docs_url(config_from_mapping({"docs-url": overrides["docs-url"]}, "settings").docs_url)
    pyproject = find_pyproject(Path(path).resolve()) if path else None
    return resolve_docs_url(read_pyproject(pyproject).docs_url if pyproject else None)


def docs_url_for(entry_id: str, path: str | None, overrides: dict | None = None) -> str | None:
    """The URL of an entry's page for a file at `path` (see `docs_base_for`)."""
    return entry_url(docs_base_for(path, overrides), entry_id)
