"""The configuration a file is checked with; the same for `jaxerr check` and the server.

Layers, first to last:

1. the defaults: every rule, each at its own severity;
2. `[tool.jaxerr]` of the nearest pyproject.toml at or above the file;
3. the editor's settings (server) or the command-line flags (`jaxerr check`).

Each layer changes only the keys it sets (a key that is absent or None is not set):

- `select` (rule codes, code prefixes such as "JXE", catalog ids) starts the selection over
  with exactly these rules; what the earlier layers ignored no longer counts.
- `ignore` (same forms) removes rules from the selection made so far. It never re-enables a
  rule, and an empty list (VS Code sends `ignore: []` by default) changes nothing.
- `severity` (one level for every rule, or a table from rule code or catalog id to a level)
  replaces the earlier layers' severity.
- `docs-url` (the catalog website's base URL) replaces the earlier layers' one.

So `--ignore JXE001` on the command line, or `"ignore": ["JXE001"]` in the editor, turns JXE001
off in addition to what pyproject.toml ignores, and `--select JXE002` checks JXE002 alone even
if pyproject.toml ignores it.
"""

from __future__ import annotations

import dataclasses
import os
import threading
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from jaxerr_lsp.core.config import Config, ConfigError, config_from_mapping, find_pyproject, read_pyproject
from jaxerr_lsp.project.x64 import x64_named_elsewhere

__all__ = ["Config", "ConfigError", "config_for", "layered", "config_for_file"]

_cache: dict[Path, tuple[int, Config]] = {}
_cache_lock = threading.Lock()


def config_for(path: str | os.PathLike[str] | None) -> Config:
    """`[tool.jaxerr]` of the nearest pyproject.toml at or above `path` (the defaults without a
    path, or when there is none), cached while that pyproject.toml's mtime holds; with
    whether the project around the file may turn x64 on (jaxerr_lsp.project.x64).

    Raises ConfigError naming the file when it cannot be read or holds a bad value."""
    if not path:
        return Config()
    config = _read_config(path)
    if x64_named_elsewhere(path):
        config = dataclasses.replace(config, x64_elsewhere=True)
    return config


def _read_config(path: str | os.PathLike[str]) -> Config:
    pyproject = find_pyproject(Path(path).resolve())
    if pyproject is None:
        return Config()
    try:
        mtime = pyproject.stat().st_mtime_ns
    except OSError:
        mtime = -1
    with _cache_lock:
        hit = _cache.get(pyproject)
    if hit is not None and hit[0] == mtime:
        return hit[1]
    config = read_pyproject(pyproject)
    with _cache_lock:
        _cache[pyproject] = (mtime, config)
    return config


def layered(config: Config, overrides: Mapping[str, Any], origin: str = "settings") -> Config:
    """`config` with one more layer on top: `overrides` holds `select`, `ignore` and `severity`
    as a table of settings does (see the module docstring for what each does).

    Raises ConfigError naming `origin` (e.g. "editor settings", "command line") on a bad value."""
    keys = {k: overrides.get(k) for k in ("select", "ignore", "severity", "docs-url")}
    layer = config_from_mapping({k: v for k, v in keys.items() if v is not None}, origin)
    if keys["select"] is not None:
        select, ignore = layer.select, layer.ignore
    else:
        select = config.select
        ignore = config.ignore + tuple(i for i in layer.ignore if i not in config.ignore)
    severity = layer.severity if keys["severity"] is not None else config.severity
    docs_url = layer.docs_url if keys["docs-url"] is not None else config.docs_url
    return Config(select=select, ignore=ignore, severity=severity, docs_url=docs_url,
                  x64_elsewhere=config.x64_elsewhere)


def config_for_file(path: str | os.PathLike[str] | None, overrides: Mapping[str, Any],
                    origin: str = "settings") -> Config:
    """`layered(config_for(path), overrides, origin)`: what `path` is checked with."""
    return layered(config_for(path), overrides, origin)
