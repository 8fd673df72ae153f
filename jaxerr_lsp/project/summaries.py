"""What the functions a module imports from the other modules of its project return.

Each module's own analysis summarizes what its module-level functions return
(`jaxerr_lsp.analysis.summaries`); a module that imports one of them gets that summary, keyed
by the dotted name its import gives the function (`pkg.utils.make_buffer` for `from
.utils import make_buffer`, `import pkg.utils as u` or `from pkg import utils`; `pkg.make_buffer`
for a name `pkg/__init__.py` re-exports), and its evaluator takes a call's value from it.

Importees first: the modules are analysed in the order of their imports (`order`), so that a
module's summary is worked out with the summaries of the modules it imports. Modules that
import each other (a cycle) get no summary from each other: silence.

Which modules a module imports is read from its text (`imports_of`: every `import` and
`from ... import` statement, at any depth, without parsing); which of them are the project's
from the module table (`jaxerr_lsp.project.modules`).
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Iterable
from pathlib import Path

from jaxerr_lsp.analysis.summaries import FunctionSummary, Imported, ModuleSummary, imported_to_json
from jaxerr_lsp.project.modules import MAX_REEXPORTS, Import, ModuleTable, imports_of, other_bindings

class Summaries:
    """The summaries of a project's modules, worked out importees first (`order`), and what
    each module reads of them (`imported`)."""

    def __init__(self, table: ModuleTable, read: Callable[[Path], str | None] | None = None) -> None:
        self.table = table
        # A module's text (an editor's, unsaved edits included), else the table's from disk.
        self.read = read
        self.by_path: dict[str, ModuleSummary] = {}
        self._imports: dict[str, list[tuple[str, Path, tuple[str, ...] | None, tuple[str, ...]]]] = {}
        self._component: dict[str, int] = {}
        # After `order`: the modules of each cycle (one alone when it is in none), importees'
        # first, and the cycles each imports from.
        self.components: list[list[str]] = []
        self.needs: list[set[int]] = []
        self._resolved: dict[str, dict[str, tuple[str, str]]] = {}
        self._texts: dict[str, str] = {}
        self._calls: dict[str, list[tuple[str, ...] | None]] = {}
        self._wanted: dict[str, set[str] | None] | None = None
        self._bound: dict[str, frozenset[str]] = {}
        self._registers: dict[tuple[str, ...], list[tuple[str, str]]] = {}

    def scan(self, path: Path, text: str) -> list[Path]:
        """Read the imports of the module at `path`; the project's modules it imports (a
        package's `__init__` among them, whose own imports lead to what it re-exports).
        A submodule read as an attribute (`pkg.utils.f` after `import pkg`, `utils.f` after
        `from pkg import utils`, `sub.deep.f` after `from pkg import sub`) is one only where
        Python certainly binds that attribute (`ModuleTable.reachable`)."""
        absolute = os.path.abspath(path)
        root = self.table.locate(path)[0]
        resolved: list[tuple[str, Path, tuple[str, ...] | None, tuple[str, ...]]] = []
        calls: list[tuple[str, ...] | None] = []  # of each, the names the text calls
        table = self.table

        def through(module: str, target: Path, prefix: str, depth: int) -> None:
            """`prefix`, as the text reads it, is the module `module` (at `target`): the
            names the text reads of it (`u.make` for `u`), and its submodules read in turn."""
            names, called = _attributes(text, prefix)
            if bases:
                called = tuple(sorted({*called, *(n for n in names if f"{prefix}.{n}" in bases)}))
            submodules = [n for n in names if table.module(f"{module}.{n}", root) is not None]
            if target.name != "__init__.py" or len(submodules) < len(names) or depth == 0:
                resolved.append((module, target, names, ()))  # (binds none of them)
                calls.append(called)
            if depth < MAX_REEXPORTS:
                for name in submodules:
                    submodule(f"{module}.{name}", f"{prefix}.{name}", depth + 1)

        def submodule(module: str, prefix: str, depth: int) -> None:
            inner = table.module(module, root)
            if inner is not None and table.reachable(module, path, text):
                through(module, inner, prefix, depth)

        imports = imports_of(text, table.package(path))
        bases = _class_bases(text)  # (a class of another module it derives from: its summary)
        table.read_imports(path, text, imports)  # (for `reachable`, when it asks)
        for module, names, bound in imports:
            target = table.module(module, root)
            if target is None:
                continue  # (not the project's: nor are its submodules)
            if names is None and bound:  # `import pkg.utils as u`: the `u.name`s it reads
                head = module.partition(".")[0]
                top = table.module(head, root) if bound[0] == module != head else None
                if top is not None:  # `import pkg.utils` binds `pkg`: `pkg.utils.f` is read
                    through(head, top, head, 1)
                else:
                    through(module, target, bound[0], 0)
                continue
            resolved.append((module, target, names, bound))
            calls.append(None if names is None else tuple(  # (those it calls: `f(`, or derives from)
                n for n, b in zip(names, bound)
                if f"{b}(" in text or b in bases or f"({b})" in text or f"({b}," in text))
            for name, binding in zip(names or (), bound):  # `from pkg import utils`: a module
                submodule(f"{module}.{name}", binding, 1)
        self._imports[absolute] = resolved
        self._calls[absolute] = calls
        self._texts[absolute] = text
        found = {os.path.abspath(target): target for _, target, _, _ in resolved}
        found.pop(absolute, None)
        return sorted(found.values())

    def _reexported(self, init: str, name: str, depth: int = 0) -> tuple[str, str] | None:
        """The module (absolute path) and name that `from .x import name` in the package's
        `__init__` at `init` binds `name` to (the last such import), followed through the
        `__init__` of a subpackage that imports it in turn; None when it binds none."""
        found: tuple[str, str] | None = None
        for _, target, names, bound in self._imports.get(init, ()):
            if names is None:
                continue
            for original, binding in zip(names, bound):
                if binding == name:
                    if found is not None or os.path.abspath(target) == init:
                        return None  # bound twice: which one stays depends on the flow
                    found = (os.path.abspath(target), original)
        if found is not None and name in self._other_bindings(init):
            return None  # `name = jax.jit(name)` after the import: not the function imported
        if found is not None and Path(found[0]).name == "__init__.py" and depth < MAX_REEXPORTS:
            return self._reexported(found[0], found[1], depth + 1) or found
        return found

    def _other_bindings(self, init: str) -> frozenset[str]:
        known = self._bound.get(init)
        if known is None:
            known = self._bound[init] = other_bindings(self._texts.get(init, ""))
        return known

    def _reexports(self, init: str) -> dict[str, tuple[str, str]]:
        """Each name the `__init__` at `init` imports from another module -> where it is
        defined (`_reexported`); worked out once."""
        known = self._resolved.get(init)
        if known is None:
            names = {n for _, _, _, bound in self._imports.get(init, ()) for n in bound}
            known = self._resolved[init] = {
                name: found for name in sorted(names)
                if (found := self._reexported(init, name)) is not None}
        return known

    def order(self, graph: dict[str, list[Path]]) -> list[list[str]]:
        """The modules of `graph` (path -> the project modules it imports, `scan`) in waves:
        each after the modules it imports (a cycle's modules in one wave). Records which
        modules are in a cycle together (they read no summary of each other)."""
        components = self.components = _components(graph)
        level: dict[int, int] = {}
        for number, members in enumerate(components):  # (importees' components come first)
            self._component.update((m, number) for m in members)
            self.needs.append({self._component[os.path.abspath(d)] for m in members for d in graph[m]
                               if os.path.abspath(d) in self._component} - {number})
            level[number] = 1 + max((level[self._component[os.path.abspath(d)]]
                                     for m in members for d in graph[m]
                                     if os.path.abspath(d) in self._component
                                     and self._component[os.path.abspath(d)] != number), default=-1)
        waves: list[list[str]] = [[] for _ in range(1 + max(level.values(), default=-1))]
        for number, members in enumerate(components):
            waves[level[number]].extend(members)
        return [sorted(wave) for wave in waves]

    def wanted(self, path: Path | str) -> frozenset[str]:
        """The functions of the module at `path` whose summaries its importers may read: the
        names they import from it and call (`from m import f` then `f(`, `import m as u` then
        `u.f(`: the evaluator reads a summary only for a call), also through a package's
        `__init__` that re-exports them; all for `from m import *`. None when no module
        imports it."""
        if self._wanted is None:
            self._wanted = {}
            for importer, imports in self._imports.items():
                for (_, target, _, _), names in zip(imports, self._calls[importer]):
                    key = os.path.abspath(target)
                    if key == importer:
                        continue
                    if names is None:
                        self._wanted[key] = None
                        continue
                    wanted = self._wanted.setdefault(key, set())
                    if wanted is not None:
                        wanted.update(names)
                    if Path(target).name == "__init__.py":
                        reexports = self._reexports(key)
                        for name in names:
                            if name in reexports:
                                where, original = reexports[name]
                                other = self._wanted.setdefault(where, set())
                                if other is not None:
                                    other.add(original)
        absolute = os.path.abspath(path)
        if absolute not in self._wanted:
            return frozenset()
        wanted = self._wanted[absolute]
        return frozenset(_DEF.findall(self._texts.get(absolute, ""))) if wanted is None \
            else frozenset(wanted)

    def imported(self, path: Path | str) -> Imported:
        """What the module at `path` reads of the summaries known (`by_path`): the dotted name
        its imports give each function it calls whose return is known -> its summary."""
        absolute = os.path.abspath(path)
        own = self._component.get(absolute)
        found: dict[str, FunctionSummary] = {}

        def summary_of(key: str) -> ModuleSummary | None:
            if key == absolute or own is not None and self._component.get(key) == own:
                return None  # the module itself, or one of its cycle
            return self.by_path.get(key)

        for (module, target, _, _), names in zip(self._imports.get(absolute, ()),
                                                 self._calls.get(absolute, ())):
            key = os.path.abspath(target)
            summary = summary_of(key)
            if summary is not None:
                for function in summary.functions:
                    if (names is None or function.name in names) and self._readable(function, key):
                        found[f"{module}.{function.name}"] = function
            if Path(target).name != "__init__.py":
                continue
            reexports = self._reexports(key)
            for name in reexports if names is None else names:
                denoted = reexports.get(name)
                other = summary_of(denoted[0]) if denoted is not None else None
                through = _function(other, denoted[1]) if other is not None and denoted else None
                if through is not None and denoted is not None and self._readable(through, denoted[0]):
                    found.setdefault(f"{module}.{name}", through)
        return tuple(sorted(found.items()))

    def _readable(self, function: FunctionSummary, where: str) -> bool:
        """Whether an importer reads `function` of the module at `where` (absolute path): a
        function whose return is known; a plain class that no other module of the project
        may register as a pytree or hand on to JAX (`register_pytree_node(model.Config, ...)`
        in a third module: one whose text names the class and a registration); a custom_vjp
        without rules whose rules no other module may register (its text names the function
        and `defvjp` or `defremat`)."""
        if function.returns is not None:
            return True
        if function.plain_class:
            return not self._named_elsewhere(function.name, where, _CLASS_REGISTRATIONS)
        if function.custom_vjp_without_rules is not None:
            return not self._named_elsewhere(function.name, where, _VJP_REGISTRATIONS)
        return False

    def _named_elsewhere(self, name: str, where: str, needles: tuple[str, ...]) -> bool:
        """Whether a module of the project but the one at `where` names `name` and one of
        `needles` (`register`...)."""
        word = re.compile(rf"(?<!\w){re.escape(name)}(?!\w)")
        return any(path != where and name in text and word.search(text)
                   for path, text in self._naming(needles))

    def _naming(self, needles: tuple[str, ...]) -> list[tuple[str, str]]:
        """The modules of the project whose text holds one of `needles`, with that text."""
        found = self._registers.get(needles)
        if found is None:
            found = self._registers[needles] = []
            for path in self.table.files():
                absolute = os.path.abspath(path)
                text = self._texts.get(absolute)
                if text is None and self.read is not None:
                    text = self.read(Path(absolute))
                if text is None:
                    text = self.table.text(absolute)
                if any(needle in text for needle in needles):
                    found.append((absolute, text))
        return found



_DEF = re.compile(r"^(?:(?:async[ \t]+)?def|class)[ \t]+(\w+)", re.MULTILINE)
_IDENTIFIER = re.compile(r"\w+")
# What a module that may register a class with JAX, or a custom_vjp's rules, names.
_CLASS_REGISTRATIONS = ("register", "pytype_aval_mappings")
_VJP_REGISTRATIONS = ("defvjp", "defremat")


_CLASS_BASES = re.compile(r"^[ \t]*class[ \t]+\w+[ \t]*\(([^)]*)\)", re.MULTILINE)
_DOTTED = re.compile(r"[A-Za-z_][\w.]*")


def _class_bases(text: str) -> frozenset[str]:
    """The (dotted) names the class statements of `text` list among their bases."""
    if "class" not in text:
        return frozenset()
    return frozenset(name for match in _CLASS_BASES.finditer(text)
                     for name in _DOTTED.findall(match.group(1)))


def _attributes(text: str, prefix: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The attributes `text` reads of `prefix` (`u.make` for `u`), and those it calls
    (`u.make(`) or passes as a first argument (`jax.grad(u.make)`); found by plain substring
    search (a module's text is searched once per import of a module of the project)."""
    needle = prefix + "."
    read: set[str] = set()
    called: set[str] = set()
    size = len(text)
    start = text.find(needle)
    while start != -1:
        first = start + len(needle)
        word = _IDENTIFIER.match(text, first)
        end = word.end() if word is not None else first
        if end > first and (start == 0 or not (text[start - 1].isalnum() or text[start - 1] in "_.")):
            read.add(text[first:end])
            if end < size and (text[end] == "(" or text[end] in "),"
                               and start > 0 and text[start - 1] == "("):
                called.add(text[first:end])  # (`u.f(...)`, or `jax.grad(u.f)`)
        start = text.find(needle, end)
    return tuple(sorted(read)), tuple(sorted(called))


def _function(summary: ModuleSummary, name: str) -> FunctionSummary | None:
    """`summary.function(name)`, through a table of the summary's functions made once."""
    table = _TABLES.get(id(summary))
    if table is None or table[0] is not summary:
        if len(_TABLES) > 10_000:
            _TABLES.clear()
        table = _TABLES[id(summary)] = (summary, {f.name: f for f in summary.functions})
    return table[1].get(name)


_TABLES: dict[int, tuple[ModuleSummary, dict[str, FunctionSummary]]] = {}


def _components(graph: dict[str, list[Path]]) -> list[list[str]]:
    """The strongly connected components of `graph` (Tarjan's, without recursion), each
    after the components it reaches."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    edges = {node: [os.path.abspath(d) for d in targets if os.path.abspath(d) in graph]
             for node, targets in graph.items()}
    for start in sorted(graph):
        if start in index:
            continue
        work: list[tuple[str, int]] = [(start, 0)]
        while work:
            node, position = work.pop()
            if position == 0:
                index[node] = low[node] = len(index)
                stack.append(node)
                on_stack.add(node)
            targets = edges[node]
            if position < len(targets):
                work.append((node, position + 1))
                target = targets[position]
                if target not in index:
                    work.append((target, 0))
                elif target in on_stack:
                    low[node] = min(low[node], index[target])
                continue
            if low[node] == index[node]:
                members = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    members.append(member)
                    if member == node:
                        break
                found.append(sorted(members))
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
    return found


SummaryOf = Callable[[str, str, str, Imported, frozenset[str]], ModuleSummary]


def module_summaries(files: Iterable[Path], read: Callable[[Path], str | None],
                     summary_of: SummaryOf, table: ModuleTable,
                     known: dict[str, ModuleSummary] | None = None) -> Summaries:
    """The summaries of the project modules `files` import (directly or not), importees
    first (not those of `files` themselves: their checks work them out);
    `summary_of(text, path, package, imported, names)` works one out (`engine.run.exported`:
    of the functions `names`, those the importers may read, `Summaries.wanted`);
    `known`: those already worked out, by absolute path."""
    summaries = Summaries(table, read)
    known = known or {}
    graph: dict[str, list[Path]] = {}
    texts: dict[str, str] = {}
    todo = [Path(f) for f in files if Path(f).suffix == ".py"]
    checked = {os.path.abspath(f) for f in todo}
    while todo:
        path = todo.pop()
        absolute = os.path.abspath(path)
        if absolute in graph:
            continue
        text = read(path)
        graph[absolute] = summaries.scan(path, text) if text is not None else []
        if text is not None:
            texts[absolute] = text
        todo.extend(graph[absolute])
    for wave in summaries.order(graph):
        for absolute in wave:
            if absolute in known:
                summaries.by_path[absolute] = known[absolute]
            elif absolute in texts and absolute not in checked:
                path = Path(absolute)
                summaries.by_path[absolute] = summary_of(
                    texts[absolute], absolute, table.package(path), summaries.imported(path),
                    summaries.wanted(path))
    return summaries


def imported_key(imported: Imported) -> str:
    """A stable text of what a module reads (for the result cache's key)."""
    return json.dumps(imported_to_json(imported), sort_keys=True) if imported else ""


def summary_key(imported: Imported, names: frozenset[str]) -> str:
    """A stable text of what a module's summary is worked out with (the summary cache's key)."""
    return json.dumps([imported_to_json(imported), sorted(names)], sort_keys=True)


__all__ = ["Import", "Summaries", "imported_key", "imports_of", "module_summaries", "summary_key"]
