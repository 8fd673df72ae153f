"""The pytest plugin: `pytest --jaxerr` (or `jaxerr = true` under `[tool.pytest.ini_options]`).

Installed with jaxerr-lsp through the `pytest11` entry point, it does nothing unless asked.
Without the entry point (PYTEST_DISABLE_PLUGIN_AUTOLOAD, a source checkout), load it with
`-p jaxerr_lsp.pytest_plugin --jaxerr`. When asked, a test that fails with an exception the
catalog recognizes gets a "jaxerr" section in its report, printed after pytest's own traceback:
the entry, the likely cause in the user's code, the fix. pytest's traceback, outcome and exit
status are unchanged. While active, the raise-site watch of jaxerr_lsp.runtime.companion is on.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

import pytest

from jaxerr_lsp.runtime.companion import explain_exception, explanation_text, watch_raise_sites

_ACTIVE = pytest.StashKey[bool]()


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("jaxerr", "explain JAX errors (jaxerr-lsp)")
    group.addoption("--jaxerr", action="store_true", default=False,
                    help="after the traceback of a test failing with a known JAX error, show its "
                         "catalog entry (what happened, the likely cause, the fix)")
    parser.addini("jaxerr", type="bool", default=False,
                  help="the same as --jaxerr, for every run")


def pytest_configure(config: pytest.Config) -> None:
    active = bool(config.getoption("jaxerr") or config.getini("jaxerr"))
    config.stash[_ACTIVE] = active
    if active:
        watch_raise_sites().start()


def pytest_unconfigure(config: pytest.Config) -> None:
    if config.stash.get(_ACTIVE, False):
        watch_raise_sites().stop()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item,
                              call: pytest.CallInfo[Any]) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield
    if (item.config.stash.get(_ACTIVE, False) and report.failed and call.excinfo is not None
            and isinstance(call.excinfo.value, Exception)):
        section = _section_for(call.excinfo.value)
        if section:
            report.sections.append(("jaxerr", section))
    return report


def _section_for(error: BaseException) -> str:
    try:
        explanation = explain_exception(error)
    except Exception as failure:  # noqa: BLE001 - the test's own report matters more
        return f"jaxerr: could not look this error up in the catalog: {failure!r}\n"
    return "" if explanation is None else explanation_text(explanation).lstrip("\n")
