"""The diagnostics pass: a document's check scheduled (on open, on change after the debounce, on
save, on new settings), its program analysed in the worker (once per version: the session's
`analysed`), its findings published with the version they belong to: a file's on the file, a
notebook's each on its cell (a cell whose list is the same as last time is not sent it again).

A result for a version that is no longer the document's is never published. With `trace`
(initialize or `$/setTrace`) other than "off", each check is reported with `$/logTrace`: engine
time, worker round trip, publish time.
"""

from __future__ import annotations

import asyncio
import time
from concurrent.futures.process import BrokenProcessPool

import attrs
from lsprotocol import types

from jaxerr_lsp.server.diagnostics import EntryLinks, cell_key, to_diagnostic, with_data
from jaxerr_lsp.server.protocol import shutdown_requested
from jaxerr_lsp.server.session import DocState, Session
from jaxerr_lsp.server.snapshot import Program
from jaxerr_lsp.server.worker import Job


def schedule(session: Session, uri: str, delay: float, fresh: bool = False) -> None:
    """(Re)start the check of the open file or notebook at `uri` after `delay` seconds; a newer
    request supersedes it. `fresh`: analysed again even if this version was (settings, save)."""
    state = session.documents.get(uri)
    if state is None:
        return
    if state.task is not None and not state.task.done():
        state.task.cancel()
    # The program of the new version now: the last one's analysis, if still queued, goes.
    session.program(uri)
    state.task = asyncio.ensure_future(_check_later(session, state, delay, fresh))


async def _check_later(session: Session, state: DocState, delay: float, fresh: bool) -> None:
    try:
        await asyncio.sleep(delay)
        program = session.program(state.uri) if session.documents.get(state.uri) is state else None
        if program is None:
            return
        started = time.perf_counter()
        try:
            job = await session.analysed(program, fresh)
        except BrokenProcessPool:
            session.log(f"jaxerr-lsp: the analysis worker stopped while checking {state.uri} "
                        f"(version {program.version}); it is restarted for the next change",
                        types.MessageType.Error)
            session.runner.restart()
            return
        returned = time.perf_counter()
        stale = session.documents.get(state.uri) is not state or session.program(state.uri) is not program
        if not stale:
            publish(session, state, program)
            follow_project(session, state, job)
        # The engine's time, then the rest: worker round trip (queue, pickling) and publish.
        session.trace(f"analyzed {state.uri} version {program.version} in {job.seconds * 1000:.1f} ms: "
                      f"{len(job.analysis.findings)} finding(s) ({job.done}); worker round trip "
                      f"{(returned - started - job.seconds) * 1000:.1f} ms, "
                      + ("stale, not published" if stale else
                         f"publish {(time.perf_counter() - returned) * 1000:.1f} ms"))
    except asyncio.CancelledError:
        raise
    except RuntimeError as exc:
        if not ("shutdown" in str(exc) and shutdown_requested(session.server)):  # else: exiting
            session.log_exception(f"analysis of {state.uri}")
    except Exception:  # noqa: BLE001 - the server stays up; the next change tries again
        session.log_exception(f"analysis of {state.uri}")


# Seconds between the checks that read the rest of a large project, a part each time.
PROJECT_STEP_DELAY = 0.05


def follow_project(session: Session, state: DocState, job: Job) -> None:
    """A module of a project: check it again while its project is still being read (a first
    check reads a large project in parts); and when what it traces of other modules'
    functions changed, check the other open modules again (they may be those functions')."""
    if not job.project_complete:
        schedule(session, state.uri, PROJECT_STEP_DELAY, fresh=True)
    if job.analysis.outgoing != state.outgoing:
        state.outgoing = list(job.analysis.outgoing)
        for uri, other in list(session.documents.items()):
            program = other.program
            if other is not state and program is not None and not program.is_notebook \
                    and (program.path or "").endswith(".py"):
                schedule(session, uri, PROJECT_STEP_DELAY, fresh=True)


def publish(session: Session, state: DocState, program: Program) -> None:
    """The program's findings as diagnostics, each on the document holding it."""
    links = EntryLinks(session, program.path)
    if not program.is_notebook:
        diagnostics = []
        for index in range(len(program.findings)):
            located = to_diagnostic(session, program, index, links)
            if located is not None:
                diagnostics.append(located[1])
        session.publish(program.uri, program.version, diagnostics)
        return
    # A notebook's cells. Each finding said in its cell's terms (`cell_key`): a cell whose
    # findings say what they said last time is not looked at again (a line added in a cell
    # moves every finding below in the program, none in its cell); a finding said before
    # keeps its diagnostic (only its data, the version and its index, is new).
    keys: dict[str, list[object]] = {uri: [] for uri in program.cells}
    items: dict[str, list[tuple[int, types.Diagnostic | None]]] = {uri: [] for uri in program.cells}
    converted: dict[object, types.Diagnostic] = {}
    for index, finding in enumerate(program.findings):
        key = cell_key(program, finding, links.href(finding))
        if key is not None:
            cell = key[5]
            assert isinstance(cell, str)
            keys[cell].append(key)
            items[cell].append((index, None))
            if key in state.converted:
                converted[key] = state.converted[key]
            continue
        located = to_diagnostic(session, program, index, links)  # over two cells: as it is
        if located is not None:
            keys[located[0]].append(attrs.evolve(located[1], data=None))
            items[located[0]].append((index, located[1]))
    # An empty list to a cell that had some and is gone; to the others, their list when it
    # is not the one last sent (the data aside: an analysis numbers its findings anew), with
    # the cell's version.
    for cell in sorted(set(state.published) - set(keys)):
        if state.published[cell]:
            session.publish(cell, None, [])
    published: dict[str, list[types.Diagnostic]] = {}
    for cell, cell_keys in keys.items():
        if state.published_keys.get(cell) == cell_keys and cell in state.published:
            published[cell] = state.published[cell]
            continue
        diagnostics = []
        for (index, ready), said in zip(items[cell], cell_keys):
            if ready is None:
                plain = converted.get(said)
                if plain is None:
                    again = to_diagnostic(session, program, index, links)
                    assert again is not None and again[0] == cell
                    plain = converted[said] = attrs.evolve(again[1], data=None)
                ready = with_data(program, index, plain)
            diagnostics.append(ready)
        published[cell] = [attrs.evolve(diagnostic, data=None) for diagnostic in diagnostics]
        if state.published.get(cell) != published[cell]:
            document = session.open_document(cell)
            session.publish(cell, document.version if document is not None else None, diagnostics)
    state.published, state.published_keys, state.converted = published, keys, converted
