"""The project as the language server keeps it: each module's outgoing facts, computed once
per content and kept, so that checking a document while its user types costs the other
modules nothing once they are known.

A module on disk is known by its modification time and size; an open document by its text
(the editor's, unsaved). A first check in a large project may not get through them all within its time budget:
it says so (`complete=False`), and the server asks again until it does.
"""

from __future__ import annotations

import os
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from jaxerr_lsp.analysis.external import Outgoing, Outside
from jaxerr_lsp.engine.run import outgoing
from jaxerr_lsp.project.facts import resolve
from jaxerr_lsp.project.modules import ModuleTable, module_of, package_of

# How long a module table is trusted before its folders are listed again (files added or
# removed while the server runs).
TABLE_SECONDS = 10.0


@dataclass
class ProjectIndex:
    """Outgoing facts by module, kept across checks (one per server worker)."""

    _outgoing: dict[str, tuple[object, list[Outgoing]]] = field(default_factory=dict)
    _tables: dict[Path, tuple[float, ModuleTable]] = field(default_factory=dict)

    def table(self, root: Path) -> ModuleTable:
        now = time.monotonic()
        kept = self._tables.get(root)
        if kept is None or now - kept[0] > TABLE_SECONDS:
            kept = self._tables[root] = (now, ModuleTable.of_roots({root}))
        return kept[1]

    def facts_for(self, path: str, overlays: Mapping[str, str],
                  budget: float = 0.25) -> tuple[tuple[Outside, ...], bool]:
        """What the other modules of `path`'s project trace of its functions, and whether
        every module that may import it was read (within `budget` seconds of new work).
        `overlays`: the open documents' texts, by absolute path."""
        path = os.path.abspath(path)
        root, name = module_of(Path(path))
        if not name:
            return (), True
        table = self.table(root)
        started = time.monotonic()
        complete = True
        known: dict[Path, list[Outgoing]] = {}
        for module in sorted(set(table.paths.values())):
            absolute = os.path.abspath(module)
            if absolute == path:
                continue
            if time.monotonic() - started > budget and not self._kept(absolute, overlays):
                complete = False
                continue
            known[module] = self._outgoing_of(absolute, overlays)
        facts = resolve(table, known)
        return facts.get(path, ()), complete

    def _kept(self, path: str, overlays: Mapping[str, str]) -> bool:
        key = self._key(path, overlays)
        kept = self._outgoing.get(path)
        return key is not None and kept is not None and kept[0] == key

    @staticmethod
    def _key(path: str, overlays: Mapping[str, str]) -> object:
        if path in overlays:
            return ("text", hash(overlays[path]))
        try:
            stat = os.stat(path)
        except OSError:
            return None
        return ("disk", stat.st_mtime_ns, stat.st_size)

    def _outgoing_of(self, path: str, overlays: Mapping[str, str]) -> list[Outgoing]:
        key = self._key(path, overlays)
        if key is None:
            return []
        kept = self._outgoing.get(path)
        if kept is not None and kept[0] == key:
            return kept[1]
        try:
            text = overlays[path] if path in overlays else Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            text = ""
        found = outgoing(text, path, package_of(Path(path)))
        self._outgoing[path] = (key, found)
        return found


__all__ = ["ProjectIndex"]
