"""The IPython/Jupyter extension: `%load_ext jaxerr_lsp`.

After a cell raises and IPython has shown its traceback (IPython's own display, untouched),
or a `%run script.py` in it did, the catalog entry explaining the error is displayed below it: plain text in a terminal, Markdown
in Jupyter (one display with both, each frontend picks what it shows). Nothing is shown when no
entry matches. It works from IPython's `post_run_cell` event, which comes after the traceback (and
`pre_run_cell`, to tell the error `%run` showed from an older one);
`%unload_ext jaxerr_lsp` unregisters it. While loaded, the raise-site watch of
jaxerr_lsp.runtime.companion is on (see there).
"""

from __future__ import annotations

import sys
from dataclasses import replace
from typing import Any

from jaxerr_lsp.runtime.companion import (explain_exception, explanation_markdown, explanation_text,
                                watch_raise_sites)

__all__ = ["load_ipython_extension", "unload_ipython_extension"]

_LOADED: dict[int, tuple[Any, Any]] = {}  # id(shell) -> its (pre_run_cell, post_run_cell) callbacks


def load_ipython_extension(ipython: Any) -> None:
    if id(ipython) in _LOADED:
        return
    shown_before: list[object] = [None]

    def before_cell(info: Any = None) -> None:
        shown_before[0] = getattr(sys, "last_value", None)

    def after_cell(result: Any) -> None:
        error = getattr(result, "error_in_exec", None)
        if error is None:
            # An error IPython showed without failing the cell (`%run script.py`): its
            # traceback display leaves it in sys.last_value.
            last = getattr(sys, "last_value", None)
            error = last if last is not shown_before[0] else None
        show_entry_for(error, ipython)

    ipython.events.register("pre_run_cell", before_cell)
    ipython.events.register("post_run_cell", after_cell)
    _LOADED[id(ipython)] = (before_cell, after_cell)
    watch_raise_sites().start()


def unload_ipython_extension(ipython: Any) -> None:
    callbacks = _LOADED.pop(id(ipython), None)
    if callbacks is None:
        return
    ipython.events.unregister("pre_run_cell", callbacks[0])
    ipython.events.unregister("post_run_cell", callbacks[1])
    watch_raise_sites().stop()


def show_entry_for(error: BaseException | None, ipython: Any) -> None:
    """Display the entry explaining `error`, if any. Exits (`SystemExit`), interrupts and the
    debugger's quit are not errors of the user's code: nothing."""
    if not isinstance(error, Exception):
        return
    try:
        explanation = explain_exception(error)
        if explanation is not None and explanation.frame is not None:
            explanation = replace(explanation, frame=replace(
                explanation.frame, cell=_cell_name(ipython, explanation.frame.file)))
    except Exception as failure:  # noqa: BLE001 - the user's traceback is already shown
        print(f"jaxerr: could not look this error up in the catalog: {failure!r}")
        return
    if explanation is None:
        return
    from IPython.display import display

    display({"text/plain": explanation_text(explanation),
             "text/markdown": explanation_markdown(explanation)}, raw=True)


def _cell_name(ipython: Any, filename: str) -> str | None:
    """"Cell In[3]" for the file IPython compiled cell 3 into, as its tracebacks name it."""
    format_code_name = getattr(getattr(ipython, "compile", None), "format_code_name", None)
    found = format_code_name(filename) if format_code_name is not None else None
    if not found:  # a module of the user's, not a cell: its file name
        return None
    kind, name = found
    return f"{kind} {name}"
