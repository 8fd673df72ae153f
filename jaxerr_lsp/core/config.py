"""Configuration values: `Config` and how one table of settings is read and checked.

Keys: `select` and `ignore` (lists of rule codes, catalog ids or code prefixes such as "JXE"),
`severity` (one of error|warning|information|hint for every rule, or a table from rule code or
catalog id to one of those). Which tables apply to a file, and in what order (`[tool.jaxerr]`,
then editor settings or command-line flags), is `jaxerr_lsp.app.configuration`.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SEVERITIES = ("error", "warning", "information", "hint")


class ConfigError(ValueError):
    """A configuration value that cannot be used; the message names the source and key."""


@dataclass(frozen=True)
class Config:
    select: tuple[str, ...] | None = None  # None: every rule
    ignore: tuple[str, ...] = ()
    severity: str | dict[str, str] | None = None

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
    return Config(
        select=_selectors(select, origin, "select") if select is not None else None,
        ignore=_selectors(ignore, origin, "ignore") if ignore is not None else (),
        severity=_severity(severity, origin) if severity is not None else None,
    )


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
