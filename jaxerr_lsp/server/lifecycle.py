"""Initialize, shutdown and the editor's settings.

Settings come as initializationOptions, with `workspace/didChangeConfiguration`, or, when the
client sends none, pulled with `workspace/configuration` (section "jaxerr"); as
`{"jaxerr": {...}}` or flat. `select`, `ignore`, `severity` layer over each document's
`[tool.jaxerr]` (jaxerr_lsp.app.configuration says how); `debounce` is the milliseconds to wait
after a change (default 150); `docsUrl` (or `docs-url`) is the base URL of the catalog's website
that diagnostics link to.
"""

from __future__ import annotations

import asyncio
from typing import Any

from lsprotocol import types

from jaxerr_lsp.app.configuration import Config, ConfigError, layered
from jaxerr_lsp.server.checking import schedule
from jaxerr_lsp.server.session import Server, Session

SETTING_KEYS = ("select", "ignore", "severity", "debounce", "docsUrl", "docs-url")
CONFIG_KEYS = ("select", "ignore", "severity", "docs-url")
_MAX_DEBOUNCE_MS = 60_000


def initialize(ls: Server, params: types.InitializeParams) -> None:
    session = ls.session
    if params.trace is not None:
        session.server.protocol.trace = params.trace
    settings = extract_settings(params.initialization_options)
    if settings is not None:
        apply_settings(session, settings)
    session.runner.start()


async def initialized(ls: Server, params: types.InitializedParams) -> None:
    session = ls.session
    before = (dict(session.settings), session.debounce)
    await pull_configuration(session)
    if (session.settings, session.debounce) != before:
        # Documents opened while the client was answering were checked with the old ones.
        recheck_all(session)


def shutdown(ls: Server, params: Any = None) -> None:
    session = ls.session
    for state in session.documents.values():
        if state.task is not None:
            state.task.cancel()
    session.runner.shutdown()
    session.fix_pool.shutdown(wait=False, cancel_futures=True)


async def did_change_configuration(ls: Server, params: types.DidChangeConfigurationParams) -> None:
    settings = extract_settings(params.settings)
    if settings is not None:
        apply_settings(ls.session, settings)
    else:
        await pull_configuration(ls.session)
    recheck_all(ls.session)


def recheck_all(session: Session) -> None:
    for uri in list(session.documents):
        schedule(session, uri, 0.0, fresh=True)


def extract_settings(raw: Any) -> dict[str, Any] | None:
    """`{"jaxerr": {...}}` or the flat `{...}`; None when there is nothing for us."""
    if not isinstance(raw, dict):
        return None
    nested = raw.get("jaxerr")
    if isinstance(nested, dict):
        return nested
    if any(k in raw for k in SETTING_KEYS):
        return raw
    return None


async def pull_configuration(session: Session) -> None:
    if not session.workspace_capabilities().configuration:
        return
    try:
        result = await asyncio.wait_for(session.server.workspace_configuration_async(
            types.ConfigurationParams(items=[types.ConfigurationItem(section="jaxerr")])), 5)
    except Exception as exc:  # noqa: BLE001 - a client that does not answer keeps the old ones
        session.log(f"jaxerr-lsp: workspace/configuration failed: {exc}", types.MessageType.Warning)
        return
    if result and isinstance(result[0], dict) and result[0]:
        apply_settings(session, extract_settings(result[0]) or result[0])


def apply_settings(session: Session, settings: dict[str, Any]) -> None:
    """Take the editor's settings; a bad value is reported and that part is not taken."""
    debounce = settings.get("debounce")
    if debounce is not None:
        if isinstance(debounce, (int, float)) and not isinstance(debounce, bool) \
                and 0 <= debounce <= _MAX_DEBOUNCE_MS:
            session.debounce = float(debounce) / 1000.0
        else:
            session.log(f"jaxerr-lsp: settings: `debounce` must be a number of milliseconds between 0 "
                   f"and {_MAX_DEBOUNCE_MS}, not {debounce!r}", types.MessageType.Warning)
    if settings.get("docsUrl") and not settings.get("docs-url"):  # VS Code's spelling
        settings = {**settings, "docs-url": settings["docsUrl"]}
    overrides = {k: settings[k] for k in CONFIG_KEYS if settings.get(k) is not None}
    try:
        layered(Config(), overrides, "editor settings")  # validates
    except ConfigError as exc:
        session.log(f"jaxerr-lsp: {exc}; these settings are ignored", types.MessageType.Warning)
        return
    session.settings = overrides
