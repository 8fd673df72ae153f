"""What the modules of a project trace of each other's functions.

Each module's own analysis says what its traced code does with functions it imports
(`jaxerr_lsp.engine.run.outgoing`): the functions it gives a transformation (`jax.jit(
layers.dense)`), and those its traced code calls with tracers. Resolved through the module
table, those facts reach the module that defines the function, whose analysis then traces it
(`jaxerr_lsp.analysis.external`): a Python `if` on a tracer in `layers.py` is flagged in
`layers.py`, with the call in `train.py` as related information.

One hop: a function another module traces is followed into the helpers of its own module,
not into a third module.
"""

from __future__ import annotations

import dataclasses
import json
import os
from collections.abc import Callable, Iterable
from pathlib import Path

from jaxerr_lsp.analysis.external import Outgoing, Outside, OutsideApplication, OutsideCall
from jaxerr_lsp.project.modules import ModuleTable, module_of

# path (absolute) -> what the other modules trace of its functions
OutsideFacts = dict[str, tuple[Outside, ...]]


def project_roots(files: Iterable[Path]) -> set[Path]:
    """The roots of the modules among `files` (`.py` files only)."""
    return {module_of(f)[0] for f in files if Path(f).suffix == ".py"}


def outside_facts(files: Iterable[Path],
                  outgoing_of: Callable[[Path], list[Outgoing]]) -> OutsideFacts:
    """For each module of the projects `files` belong to (their roots, whole: checking one
    file of a package sees what the others do with it), what the other modules trace of its
    functions. `outgoing_of(path)`: what a module's traced code does with the functions it
    imports (`jaxerr_lsp.engine.run.outgoing`; [] for a module that cannot be read)."""
    table = ModuleTable.of_roots(project_roots(files))
    return resolve(table, {path: outgoing_of(path) for path in sorted(set(table.paths.values()))})


def resolve(table: ModuleTable, outgoing_by_module: dict[Path, list[Outgoing]]) -> OutsideFacts:
    """The modules' outgoing facts, each given to the module that defines its function."""
    found: dict[str, list[Outside]] = {}
    for path, items in outgoing_by_module.items():
        for item in items:
            target = table.function(item.qualname)
            if target is None or os.path.abspath(target[0]) == os.path.abspath(path):
                continue
            fact: Outside = dataclasses.replace(item.fact, function=target[1])
            found.setdefault(os.path.abspath(target[0]), []).append(fact)
    return {path: tuple(facts) for path, facts in found.items()}


def facts_key(facts: tuple[Outside, ...]) -> str:
    """A stable text of the facts (for the result cache's key)."""
    return json.dumps([_plain(fact) for fact in facts], sort_keys=True, default=repr)


def _plain(fact: Outside) -> dict[str, object]:
    kind = "application" if isinstance(fact, OutsideApplication) else "call"
    assert isinstance(fact, (OutsideApplication, OutsideCall))
    return {"kind": kind, **dataclasses.asdict(fact)}


__all__ = ["OutsideFacts", "facts_key", "outside_facts", "project_roots", "resolve"]
