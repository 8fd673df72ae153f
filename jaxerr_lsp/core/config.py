"""Configuration values: `Config` and how one table of settings is read and checked.

Keys: `select` and `ignore` (lists of rule codes, catalog ids or code prefixes such as "JXE"),
`severity` (one of error|warning|information|hint for every rule, or a table from rule code or
catalog id to one of those), `docs-url` (the base URL of the catalog's website, which
diagnostics, SARIF, hover and `explain` link to; jaxerr_lsp.docs_site.links). Which tables apply
to a file, and in what order (`[tool.jaxerr]`, then editor settings or command-line flags), is
`jaxerr_lsp.app.configuration`.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

SEVERITIES = ("error", "warning", "information", "hint")


class ConfigError(ValueError):
    """A configuration value that cannot be used; the message names the source and key."""


@dataclass(frozen=True)
class Config:
    select: tuple[str, ...] | None = None  # None: every rule
    ignore: tuple[str, ...] = ()
    severity: str | dict[str, str] | None = None
    docs_url: str | None = None  # None: the site shipped in the wheel (or no link)
    # x64 may be turned on by the project around the file (not a setting: found by the app
    # layer, jaxerr_lsp.project.x64), as when the file names it itself.
    x64_elsewhere: bool = False

    def enabled(self, code: str, catalog_id: str) -> bool:
        def matches(selector: str) -> bool:
            return selector == catalog_id or code.startswith(selector)

        if self.select is not None and not any(matches(s) for s in self.select):
            return False
        return not any(matches(s) for s in self.ignore)

    def severity_for(self, code: str, catalog_id: str, default: str) -> str:
        if isinstance(self.severity, str):
            return self.severity
        if isinstance(self.severity, dict):
            return self.severity.get(code) or self.severity.get(catalog_id) or default
        return default


def _selectors(value: Any, origin: str, key: str) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [part for part in value.split(",")]
    if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"{origin}: `{key}` must be a list of rule codes or catalog ids")
    return tuple(v.strip() for v in value if v.strip())


def _severity(value: Any, origin: str) -> str | dict[str, str]:
    if isinstance(value, str):
        if value not in SEVERITIES:
            raise ConfigError(f"{origin}: `severity` must be one of {', '.join(SEVERITIES)}, not {value!r}")
        return value
    if isinstance(value, dict):
        for key, sev in value.items():
            if not isinstance(key, str) or sev not in SEVERITIES:
                raise ConfigError(
                    f"{origin}: `severity.{key}` must be one of {', '.join(SEVERITIES)}, not {sev!r}")
        return dict(value)
    raise ConfigError(f"{origin}: `severity` must be a string or a table")


def config_from_mapping(table: dict[str, Any], origin: str) -> Config:
    if not isinstance(table, dict):
        raise ConfigError(f"{origin}: expected a table of settings")
    select = table.get("select")
    ignore = table.get("ignore")
    severity = table.get("severity")
    docs_url = table.get("docs-url")
    return Config(
        select=_selectors(select, origin, "select") if select is not None else None,
        ignore=_selectors(ignore, origin, "ignore") if ignore is not None else (),
        severity=_severity(severity, origin) if severity is not None else None,
        docs_url=_docs_url(docs_url, origin) if docs_url is not None else None,
    )


def _docs_url(value: Any, origin: str) -> str:
    return check_docs_url(value, origin)


def check_docs_url(value: Any, origin: str) -> str:
    """`value` as a base URL ending in "/" (an http, https or file URL), else ConfigError."""
    if not isinstance(value, str) or not value.strip():
        raise ConfigError(f"{origin}: `docs-url` must be a URL (https://... or file:///...), "
                          f"not {value!r}")
    url = value.strip()
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https", "file") or (parts.scheme != "file" and not parts.netloc):
        raise ConfigError(f"{origin}: `docs-url` must be an http, https or file URL, not {url!r}")
    return url if url.endswith("/") else url + "/"


def find_pyproject(start: Path) -> Path | None:
    """The nearest pyproject.toml at or above `start` (a file or a folder)."""
    here = start if start.is_dir() else start.parent
    for folder in (here, *here.parents):
        candidate = folder / "pyproject.toml"
        if candidate.is_file():
            return candidate
    return None


def read_pyproject(pyproject: Path) -> Config:
    """`[tool.jaxerr]` of this pyproject.toml, or the defaults when it has none."""
    try:
        data = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(f"{pyproject}: cannot read [tool.jaxerr]: {exc}") from exc
    tool = data.get("tool")
    table = tool.get("jaxerr") if isinstance(tool, dict) else None
    if table is None:
        return Config()
    return config_from_mapping(table, f"{pyproject} [tool.jaxerr]")
