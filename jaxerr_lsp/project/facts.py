"""What the modules of a project trace of each other's functions.

Each module's own analysis says what its traced code does with functions it imports
(`jaxerr_lsp.engine.run.outgoing`): the functions it gives a transformation (`jax.jit(
layers.dense)`), and those its traced code calls with tracers. Resolved through the module
table, those facts reach the module that defines the function, whose analysis then traces it
(`jaxerr_lsp.analysis.external`): a Python `if` on a tracer in `layers.py` is flagged in
`layers.py`, with the call in `train.py` as related information.

In rounds: a function another module traces may call, with tracers, a function of a third
module, whose module then learns it (up to ROUNDS modules away); within a module, the
tracing model follows the helpers as it does for the file's own transformations.
"""

from __future__ import annotations

import dataclasses
import json
import os
from collections.abc import Callable, Iterable
from pathlib import Path

from jaxerr_lsp.analysis.external import (Outgoing, Outside, OutsideApplication, OutsideCall,
                                          OutsideRegistration)
from jaxerr_lsp.project.modules import ModuleTable, module_of

# path (absolute) -> what the other modules trace of its functions
OutsideFacts = dict[str, tuple[Outside, ...]]


def project_roots(files: Iterable[Path]) -> set[Path]:
    """The roots of the modules among `files` (`.py` files only)."""
    return {module_of(f)[0] for f in files if Path(f).suffix == ".py"}


# How many times a module's outgoing facts are worked out again because what other modules
# trace of its functions changed (each time one more hop: a function traced from another
# module traces the functions it calls in a third).
ROUNDS = 4

Outgoing_of = Callable[[str, str, str, tuple[Outside, ...]], list[Outgoing]]


def outside_facts(files: Iterable[Path], read: Callable[[Path], str | None],
                  outgoing_of: Outgoing_of,
                  known: dict[str, list[Outgoing]] | None = None,
                  table: ModuleTable | None = None) -> OutsideFacts:
    """For each module of the projects `files` belong to, what the other modules trace of its
    functions. `read(path)`: a module's text (None: unreadable); `outgoing_of(text, path,
    package, outside)`: what its traced code does with the functions it imports
    (`jaxerr_lsp.engine.run.outgoing`); `known`: those of modules already analysed, by
    absolute path (their caller works them out again when their facts change); `table`: the
    roots' modules, when the caller keeps them.

    Not every module is read: those that may lead to `files` are, the modules whose text
    names one of `files`' modules or packages (as every import of them does, but `from .
    import f` of a name a package re-exports), then those that name one of these, and so on.
    Checking one file of a large project analyses few of the others; checking all of it
    analyses none twice but those other modules trace."""
    files = [Path(f) for f in files if Path(f).suffix == ".py"]
    known = known or {}
    table = table or ModuleTable.of_roots(project_roots(files))
    texts: dict[Path, str] = {}
    for path in table.files():
        if os.path.abspath(path) not in known:
            text = read(path)
            if text is not None:
                texts[path] = text
    # The modules that may lead to `files`, by their names' parts in the text.
    names = {part for f in files for part in module_of(f)[1].split(".") if part}
    leading: set[Path] = set()
    grown = True
    while grown:
        grown = False
        for path, text in texts.items():
            if path not in leading and any(name in text for name in names):
                leading.add(path)
                names.update(part for part in table.locate(path)[1].split(".") if part)
                grown = True
    outgoing_by: dict[Path, list[Outgoing]] = {Path(p): items for p, items in known.items()}
    for path in sorted(leading):
        outgoing_by[path] = outgoing_of(texts[path], str(path), table.package(path), ())
    facts = resolve(table, outgoing_by, texts)
    used: OutsideFacts = {}  # the facts each module's outgoing facts were worked out with
    for _ in range(ROUNDS):
        changed = [path for path in sorted(leading)
                   if facts.get(os.path.abspath(path), ()) != used.get(os.path.abspath(path), ())]
        if not changed:
            break
        for path in changed:
            used[os.path.abspath(path)] = facts.get(os.path.abspath(path), ())
            outgoing_by[path] = outgoing_of(texts[path], str(path), table.package(path),
                                            used[os.path.abspath(path)])
        facts = resolve(table, outgoing_by, texts)
    return facts


def resolve(table: ModuleTable, outgoing_by_module: dict[Path, list[Outgoing]],
            texts: dict[Path, str] | None = None) -> OutsideFacts:
    """The modules' outgoing facts, each given to the module that defines its function
    (when the name the caller reads it by certainly reaches it: `ModuleTable.reachable`, the
    caller's text from `texts` when it is there, else from disk)."""
    found: dict[str, list[Outside]] = {}
    for path, items in outgoing_by_module.items():
        root = table.locate(Path(path))[0]
        for item in items:
            target = table.function(item.qualname, root)
            if target is None or os.path.abspath(target[0]) == os.path.abspath(path) \
                    or not table.reachable(item.qualname, path, (texts or {}).get(Path(path))):
                continue  # (`pkg.utils.f` after `import pkg` alone: no `pkg.utils` to read)
            fact: Outside = dataclasses.replace(item.fact, function=target[1])
            found.setdefault(os.path.abspath(target[0]), []).append(fact)
    return {path: tuple(facts) for path, facts in found.items()}


def facts_key(facts: tuple[Outside, ...]) -> str:
    """A stable text of the facts (for the result cache's key)."""
    return json.dumps([_plain(fact) for fact in facts], sort_keys=True, default=repr)


def _plain(fact: Outside) -> dict[str, object]:
    kind = "application" if isinstance(fact, OutsideApplication) else \
        "registration" if isinstance(fact, OutsideRegistration) else "call"
    assert isinstance(fact, (OutsideApplication, OutsideCall, OutsideRegistration))
    return {"kind": kind, **dataclasses.asdict(fact)}


__all__ = ["OutsideFacts", "facts_key", "outside_facts", "project_roots", "resolve"]
