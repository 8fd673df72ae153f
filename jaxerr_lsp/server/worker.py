"""The server's analysis job, and where it runs.

`run_analysis` is what one diagnostics pass costs: the document's configuration (its nearest
pyproject.toml under the editor settings, jaxerr_lsp.app.configuration) and the engine. It
imports nothing of pygls or lsprotocol, so it is cheap to run in a worker process.

`AnalysisRunner` runs it in one worker process (spawned, so nothing of the server's threads is
inherited). The engine's `ast.parse` of a big file holds the GIL for its whole duration; in a
process it cannot stall the server's event loop (hover stays fast while a large file is being
analyzed), and a crash in the engine takes down only the worker, which is restarted. If no
worker process can be started, it falls back to a thread.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import gc
import logging
import multiprocessing
import os
import sys
import threading
import time
import traceback
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool, ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from jaxerr_lsp.app.configuration import Config, ConfigError, config_for, layered
from jaxerr_lsp.analysis.external import Outside
from jaxerr_lsp.core.findings import Analysis

if TYPE_CHECKING:
    from jaxerr_lsp.engine.incremental import Document
    from jaxerr_lsp.analysis.summaries import Imported
    from jaxerr_lsp.project.index import FactStore, ProjectIndex, SummaryStore

logger = logging.getLogger("jaxerr_lsp.worker")

# Note levels, as LSP MessageType values (1 error, 2 warning, 3 info, 4 log).
ERROR, WARNING, INFO, LOG = 1, 2, 3, 4


@dataclass
class Job:
    analysis: Analysis  # with the configuration's select/ignore/severity applied
    notes: list[tuple[str, int]]  # (message, level) for the client's log
    seconds: float  # time spent in the engine
    # Whether every module of the document's project that may trace its functions was read
    # (a first check in a large project reads them over several checks).
    project_complete: bool = True
    done: str = ""  # what the engine did again for this version (jaxerr_lsp.engine.incremental)


# The project's modules as this worker knows them (jaxerr_lsp.project.index), across checks.
_PROJECT: ProjectIndex | None = None


def run_analysis(text: str, path: str | None, settings: Mapping[str, Any],
                 overlays: Mapping[str, str] | None = None) -> Job:
    """The document's configuration, then the engine; for a module of a project (a `.py`
    file), with what the project's other modules trace of its functions (`overlays`: the
    other open modules' texts, by absolute path). Never raises."""
    from jaxerr_lsp.engine.run import analyze
    from jaxerr_lsp.project.modules import package_of

    notes: list[tuple[str, int]] = []
    try:
        config = config_for(path)
    except ConfigError as exc:
        notes.append((f"jaxerr-lsp: {exc}; using the defaults", WARNING))
        config = Config()
    except Exception as exc:  # noqa: BLE001 - an unreadable pyproject must not stop the check
        notes.append((f"jaxerr-lsp: cannot read the configuration for {path}: {exc}", WARNING))
        config = Config()
    try:
        config = layered(config, settings, "editor settings")
    except ConfigError as exc:
        notes.append((f"jaxerr-lsp: {exc}", WARNING))
    started = time.perf_counter()
    done = "analysed whole"
    package: str | None = None
    outside: tuple[Outside, ...] = ()
    imported: Imported = ()
    complete = True
    if path is not None and path.endswith(".py") and os.path.isabs(path):
        try:
            package = package_of(Path(path))
            outside, complete = _project().facts_for(path, overlays or {})
            imported = _project().imported_for(path, overlays or {})
        except Exception:  # noqa: BLE001 - the document is still checked alone
            notes.append((f"jaxerr-lsp: the project around {path} could not be read:\n"
                          f"{traceback.format_exc()}", WARNING))
    try:
        if path is None:
            analysis = analyze(text, config, "<string>")
        else:
            document = _document(path)
            analysis = document.analyze(text, config, path, package=package, outside=outside,
                                        outgoing=package is not None, imported=imported)
            how = document.stats
            done = (f"{how.analysed} of {how.slices} slice(s) analysed, {how.reparsed_lines} "
                    f"line(s) parsed" if how.mode == "slices" else
                    "unchanged" if how.mode == "same" else f"analysed whole: {how.why_whole}")
    except Exception:  # noqa: BLE001 - analyze promises not to raise; belt and braces
        notes.append((f"jaxerr-lsp: the engine raised on {path}:\n{traceback.format_exc()}", ERROR))
        analysis = Analysis(parsed_fully=False)
    seconds = time.perf_counter() - started
    for note in analysis.notes:
        notes.append((f"jaxerr: {path or '<document>'}: {note}", LOG))
    return Job(analysis, notes, seconds, complete, done)


# Each open document's analysis, kept between its versions (jaxerr_lsp.engine.incremental),
# by path; the least recently checked go first.
_DOCUMENTS: OrderedDict[str, Document] = OrderedDict()
KEPT_DOCUMENTS = 8


def _document(path: str) -> Document:
    from jaxerr_lsp.engine.incremental import Document  # the engine: imported where it runs

    document = _DOCUMENTS.pop(path, None) or Document()
    _DOCUMENTS[path] = document
    while len(_DOCUMENTS) > KEPT_DOCUMENTS:
        _DOCUMENTS.popitem(last=False)
    return document


def _project() -> ProjectIndex:
    from jaxerr_lsp.project.index import ProjectIndex  # the engine: imported where it runs

    global _PROJECT
    if _PROJECT is None:
        _PROJECT = ProjectIndex(store_for=_fact_store, summary_store_for=_summary_store)
    return _PROJECT


def _fact_store(path: str) -> FactStore | None:
    """The outgoing facts of `path`'s project, on disk where `jaxerr check` keeps them (the
    result cache of the project's folder: `jaxerr_lsp.app.cache.default_cache_dir`), so that a
    server started again reads them instead of working them out. None outside a project
    (no pyproject.toml at or above its root, no `JAXERR_CACHE_DIR`)."""
    from jaxerr_lsp.app.cache import OutgoingCache

    folder = _cache_folder(path)
    return None if folder is None else _kept_store(_STORES, folder, OutgoingCache)


_STORES: dict[Path, FactStore] = {}


def _cache_folder(path: str) -> Path | None:
    """The result cache of `path`'s project; None outside a project (no pyproject.toml at
    or above its root, no `JAXERR_CACHE_DIR`)."""
    from jaxerr_lsp.app.cache import default_cache_dir
    from jaxerr_lsp.project.modules import module_of

    root = module_of(Path(path))[0]
    if not os.environ.get("JAXERR_CACHE_DIR") and not any(
            (folder / "pyproject.toml").is_file() for folder in (root, *root.parents)):
        return None  # a file outside any project: nothing is written next to it
    return default_cache_dir(root)


def _summary_store(path: str) -> SummaryStore | None:
    """The module summaries of `path`'s project, on disk beside its outgoing facts."""
    from jaxerr_lsp.app.cache import SummaryCache

    folder = _cache_folder(path)
    return None if folder is None else _kept_store(_SUMMARY_STORES, folder, SummaryCache)


_SUMMARY_STORES: dict[Path, SummaryStore] = {}

Store = TypeVar("Store")


def _kept_store(stores: dict[Path, Store], folder: Path, make: Callable[[Path], Store]) -> Store:
    """One store per cache folder, made on first use."""
    store = stores.get(folder)
    if store is None:
        store = stores[folder] = make(folder)
    return store


_SPAWN_LOCK = threading.Lock()
# The standard library's own folder: a `python -c` started there finds the real
# `multiprocessing` (and everything else it imports) first.
_SAFE_FOLDER = os.path.dirname(os.path.abspath(os.__file__))


@contextlib.contextmanager
def _spawn_from_safe_folder() -> Iterator[None]:
    """Around anything that may spawn the worker: a spawned child bootstraps with
    `python -c "from multiprocessing.spawn import spawn_main..."`, whose sys.path starts with
    the current folder, which is usually the user's project (editors start the server there).
    A project's `multiprocessing/` or `json.py` would then be imported, and run, in the child.
    So the child is started from the standard library's folder; once bootstrapped it takes the
    parent's sys.path (without the project folder, see `safe_sys_path`)."""
    with _SPAWN_LOCK:
        try:
            before = os.getcwd()
        except OSError:
            before = None
        try:
            os.chdir(_SAFE_FOLDER)
        except OSError:
            before = None
        try:
            yield
        finally:
            if before is not None:
                try:
                    os.chdir(before)
                except OSError:
                    pass


def safe_sys_path() -> None:
    """Drop the entry Python put first on sys.path for `-m` / `-c` (the current folder, as ''
    or as its path) unless `-P` already did: nothing the server (or a worker inheriting its
    sys.path) imports from now on may come from the user's project. Entries added on purpose
    (a .pth file, PYTHONPATH) stay, even when they name the same folder."""
    if sys.flags.safe_path or not sys.path:
        return
    first = sys.path[0]
    try:
        is_cwd = first in ("", ".") or os.path.realpath(first) == os.path.realpath(os.getcwd())
    except (OSError, ValueError):
        is_cwd = first in ("", ".")
    if is_cwd:
        del sys.path[0]
        # Run from an uninstalled checkout of jaxerr itself: keep jaxerr importable (for the
        # worker), last, so that it can shadow nothing.
        home = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        try:
            on_path = any(os.path.realpath(entry or ".") == os.path.realpath(home) for entry in sys.path)
        except (OSError, ValueError):
            on_path = True
        if not on_path:
            sys.path.append(home)


def _worker_init(parent_pid: int) -> None:
    """In the worker process, first thing.

    - Let go of the server's stdio: a spawned child inherits fds 0-2, which are the pipes the
      editor talks to the server through; a worker holding them would keep the editor from
      seeing the server's end (EOF) after the server is gone.
    - Exit when the server is gone: a ProcessPoolExecutor worker waits on its call queue, whose
      pipe it holds both ends of, so it never notices on its own.
    """
    # An automatic cyclic collection that falls inside a job traverses everything the
    # worker keeps (the open documents' trees and results): the worker collects between jobs
    # instead (`collect_garbage`, queued by the server once it has the result), off the
    # diagnostics' path.
    gc.disable()
    try:
        devnull = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(devnull, fd)
        os.close(devnull)
    except OSError:
        pass

    def watch() -> None:
        while True:
            if os.getppid() != parent_pid:
                os._exit(0)
            time.sleep(0.5)

    threading.Thread(target=watch, name="jaxerr-parent-watch", daemon=True).start()


def _warm_up() -> None:
    import jaxerr_lsp.engine.run  # noqa: F401 - import the engine before the first document

    gc.collect()
    gc.freeze()  # what is alive now lives for good: later collections skip it


# Every how many jobs `collect_garbage` runs a full collection (the others collect the young
# generation only: the objects made since the last collection, those of the last analysis).
FULL_COLLECTION_EVERY = 16
_collections = 0


def collect_garbage() -> int:
    """A worker job: collect the cycles the last analysis left (automatic collection is off
    in the worker process). The engine frees what it builds by reference counting (the test
    of `test_engine.py` says so), so most of the time only the young objects are looked at;
    a full collection, which traverses every document kept, every `FULL_COLLECTION_EVERY`
    jobs bounds what a cycle left among older objects can hold."""
    global _collections
    _collections += 1
    if _collections % FULL_COLLECTION_EVERY == 0:
        return gc.collect()
    return gc.collect(0)


class AnalysisRunner:
    """One worker process running `run_analysis`; jobs queue, a queued job can be cancelled."""

    def __init__(self, use_process: bool = True) -> None:
        self._use_process = use_process
        self._executor: concurrent.futures.Executor | None = None
        self._lock = threading.Lock()
        self._deaths_in_a_row = 0
        self._closed = False

    def start(self) -> None:
        """Start the worker now (it imports the engine while the client is still talking)."""
        with self._lock:
            if self._executor is None:
                self._executor = self._new_executor()
            executor = self._executor
        try:
            self._submit(executor, _warm_up)
        except Exception:  # noqa: BLE001 - e.g. a process cannot be spawned from here
            logger.exception("cannot start the analysis worker process; analyzing in a thread")
            self._fall_back_to_thread(executor)

    def _new_executor(self) -> concurrent.futures.Executor:
        if self._use_process:
            try:
                # Its queues' semaphores may start multiprocessing's resource tracker (another
                # `python -c` child): from the safe folder too.
                with _spawn_from_safe_folder():
                    return ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                                               initializer=_worker_init, initargs=(os.getpid(),))
            except Exception:  # noqa: BLE001 - no multiprocessing here: a thread will do
                logger.exception("cannot start an analysis process; analyzing in a thread")
                self._use_process = False
        return ThreadPoolExecutor(max_workers=1, thread_name_prefix="jaxerr-analyze")

    def submit(self, text: str, path: str | None, settings: Mapping[str, Any],
               overlays: Mapping[str, str] | None = None) -> Future[Job]:
        if self._closed:
            raise RuntimeError("the analysis worker is shut down")
        with self._lock:
            if self._executor is None:
                self._executor = self._new_executor()
            executor = self._executor
        try:
            return self._submit(executor, run_analysis, text, path, settings, overlays)
        except BrokenProcessPool:  # the worker died since the last job: a new one
            self.restart(executor)
        except Exception:  # noqa: BLE001 - no process can be spawned (or shut down): a thread
            logger.exception("cannot submit to the analysis worker process; analyzing in a thread")
            self._fall_back_to_thread(executor)
        with self._lock:
            assert self._executor is not None
            executor = self._executor
        return self._submit(executor, run_analysis, text, path, settings, overlays)

    @staticmethod
    def _submit(executor: concurrent.futures.Executor, fn: Callable[..., Any], *args: Any) -> Future[Any]:
        if isinstance(executor, ProcessPoolExecutor):
            with _spawn_from_safe_folder():  # the worker may be spawned now
                return executor.submit(fn, *args)
        return executor.submit(fn, *args)

    def succeeded(self) -> None:
        """A job's result arrived: the worker is healthy, and it may now collect garbage (it
        does so before the next job; a job queued meanwhile waits for the collection)."""
        self._deaths_in_a_row = 0
        with self._lock:
            executor = self._executor
        if isinstance(executor, ProcessPoolExecutor) and not self._closed:
            try:
                self._submit(executor, collect_garbage)
            except Exception:  # noqa: BLE001 - broken or shut down: the next submit deals with it
                pass

    def _fall_back_to_thread(self, broken: concurrent.futures.Executor) -> None:
        with self._lock:
            self._use_process = False
        self.restart(broken)

    def restart(self, broken: concurrent.futures.Executor | None = None) -> None:
        """Replace a broken worker (it crashed, or was killed). A worker process that keeps
        dying before finishing any job is given up for a thread."""
        with self._lock:
            if broken is not None and self._executor is not broken:
                return  # already replaced
            self._deaths_in_a_row += 1
            if self._use_process and self._deaths_in_a_row >= 3:
                logger.error("the analysis worker process keeps dying; analyzing in a thread")
                self._use_process = False
            old, self._executor = self._executor, self._new_executor()
        if old is not None:
            old.shutdown(wait=False, cancel_futures=True)

    def shutdown(self) -> None:
        self._closed = True
        with self._lock:
            old, self._executor = self._executor, None
        if old is not None:
            old.shutdown(wait=False, cancel_futures=True)
