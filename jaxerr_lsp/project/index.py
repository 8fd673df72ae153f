"""The project as the language server keeps it: the modules' texts and outgoing facts, worked
out once per content and kept, so that checking a document while its user types costs the
other modules almost nothing once they are known.

The facts for a document are `outside_facts` of the CLI's check, with two differences: a module
is read from the editor when it is open there (unsaved edits included), else from disk (kept
by modification time and size); and a check works out new outgoing facts for a limited time
only. A first check in a large project may not get through them all: it says so
(`complete=False`), and the server checks again until it does.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from jaxerr_lsp.analysis.external import Outgoing, Outside
from jaxerr_lsp.analysis.summaries import Imported, ModuleSummary
from jaxerr_lsp.engine.run import exported, outgoing
from jaxerr_lsp.project.facts import facts_key, outside_facts
from jaxerr_lsp.project.modules import ModuleTable, module_of
from jaxerr_lsp.project.summaries import module_summaries, summary_key

# How long a root's list of modules is trusted before its folders are listed again.
TABLE_SECONDS = 10.0
# How long a document's facts are trusted while the other open documents stay as they were
# (files changed on disk are seen after that).
FACTS_SECONDS = 2.0


class FactStore(Protocol):
    """Outgoing facts kept on disk (`jaxerr_lsp.app.cache.OutgoingCache`)."""

    def key(self, text: str, path: str, context: str) -> str: ...
    def load(self, key: str) -> list[Outgoing] | None: ...
    def store(self, key: str, found: list[Outgoing]) -> None: ...


class SummaryStore(Protocol):
    """Module summaries kept on disk (`jaxerr_lsp.app.cache.SummaryCache`)."""

    def key(self, text: str, path: str, context: str) -> str: ...
    def load(self, key: str) -> ModuleSummary | None: ...
    def store(self, key: str, found: ModuleSummary) -> None: ...


def _no_store(path: str) -> FactStore | None:
    return None


def _no_summary_store(path: str) -> SummaryStore | None:
    return None


@dataclass
class ProjectIndex:
    """Texts and outgoing facts by module, kept across checks (one per server worker).
    `store_for(path)`: where the facts of `path`'s project are kept on disk (None: nowhere),
    so that a server started again, or after a `jaxerr check`, does not work them out again."""

    store_for: Callable[[str], FactStore | None] = _no_store
    # Where the module summaries of `path`'s project are kept on disk (None: nowhere).
    summary_store_for: Callable[[str], SummaryStore | None] = _no_summary_store

    _texts: dict[str, tuple[tuple[int, int], str | None]] = field(default_factory=dict)
    _outgoing: dict[tuple[str, int, str], list[Outgoing]] = field(default_factory=dict)
    _summaries: dict[tuple[str, int, str], ModuleSummary] = field(default_factory=dict)
    _tables: dict[Path, tuple[float, ModuleTable]] = field(default_factory=dict)
    # Per document: the last complete answer, its key and when it was worked out.
    _last: dict[str, tuple[object, float, tuple[Outside, ...]]] = field(default_factory=dict)

    def facts_for(self, path: str, overlays: Mapping[str, str],
                  budget: float = 0.25) -> tuple[tuple[Outside, ...], bool]:
        """What the other modules of `path`'s project trace of its functions, and whether
        every module that may lead to it was worked out (within `budget` seconds of new work).
        `overlays`: the open documents' texts, by absolute path."""
        path = os.path.abspath(path)
        started = time.monotonic()
        # The same open texts as a moment ago (the user typing in this document, whose own
        # text the facts about it do not depend on): the same facts.
        key = (path, frozenset((p, hash(t)) for p, t in overlays.items()))
        last = self._last.get(path)
        if last is not None and last[0] == key and started - last[1] < FACTS_SECONDS:
            return last[2], True
        complete = True
        store = self.store_for(path)

        def read(module: Path) -> str | None:
            absolute = os.path.abspath(module)
            if absolute in overlays:
                return overlays[absolute]
            return self._disk_text(absolute)

        def outgoing_of(text: str, module: str, package: str,
                        outside: tuple[Outside, ...]) -> list[Outgoing]:
            nonlocal complete
            key = (os.path.abspath(module), hash(text), facts_key(outside))
            kept = self._outgoing.get(key)
            if kept is not None:
                return kept
            stored = store.key(text, key[0], facts_key(outside)) if store is not None else ""
            if store is not None:
                kept = store.load(stored)
                if kept is not None:
                    self._outgoing[key] = kept
                    return kept
            if time.monotonic() - started > budget:
                complete = False
                return []
            found = self._outgoing[key] = outgoing(text, module, package, outside)
            if store is not None:
                store.store(stored, found)
            return found

        facts = outside_facts([Path(path)], read, outgoing_of, table=self._table(Path(path)))
        self._forget_old()
        if complete:
            self._last[path] = (key, started, facts.get(path, ()))
        return facts.get(path, ()), complete

    def imported_for(self, path: str, overlays: Mapping[str, str]) -> Imported:
        """What the functions `path` imports from the other modules of its project return
        (`jaxerr_lsp.project.summaries`): each module's summary worked out once per content
        (and what it reads of the others'), kept in memory and on disk."""
        path = os.path.abspath(path)
        store = self.summary_store_for(path)

        def read(module: Path) -> str | None:
            absolute = os.path.abspath(module)
            if absolute in overlays:
                return overlays[absolute]
            return self._disk_text(absolute)

        def summary_of(text: str, module: str, package: str, imported: Imported,
                       names: frozenset[str]) -> ModuleSummary:
            key = (os.path.abspath(module), hash(text), summary_key(imported, names))
            kept = self._summaries.get(key)
            if kept is not None:
                return kept
            stored = store.key(text, key[0], key[2]) if store is not None else ""
            if store is not None:
                kept = store.load(stored)
            if kept is None:
                kept = exported(text, package, imported, names)
                if store is not None:
                    store.store(stored, kept)
            self._summaries[key] = kept
            return kept

        summaries = module_summaries([Path(path)], read, summary_of, self._table(Path(path)))
        return summaries.imported(path)

    def _table(self, path: Path) -> ModuleTable:
        """The modules of `path`'s root, listed again when older than TABLE_SECONDS (files
        added or removed while the server runs)."""
        root = module_of(path)[0]
        now = time.monotonic()
        kept = self._tables.get(root)
        if kept is None or now - kept[0] > TABLE_SECONDS:
            kept = self._tables[root] = (now, ModuleTable.of_roots({root}))
        return kept[1]

    def _disk_text(self, path: str) -> str | None:
        try:
            stat = os.stat(path)
        except OSError:
            return None
        stamp = (stat.st_mtime_ns, stat.st_size)
        kept = self._texts.get(path)
        if kept is not None and kept[0] == stamp:
            return kept[1]
        try:
            text: str | None = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            text = None
        self._texts[path] = (stamp, text)
        return text

    def _forget_old(self) -> None:
        """Outgoing facts of texts no longer current pile up as the user types: past a size,
        start again (the next check works out what it needs)."""
        if len(self._outgoing) > 20_000:
            self._outgoing.clear()
        if len(self._summaries) > 20_000:
            self._summaries.clear()
        if len(self._last) > 1_000:
            self._last.clear()


__all__ = ["FactStore", "ProjectIndex", "SummaryStore"]
