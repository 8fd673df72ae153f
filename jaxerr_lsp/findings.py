"""The engine's output types, shared by the CLI, the server and the fixes.

Positions: `line` is 1-based, `column` is 0-based and counts characters (code points) of the
line, whatever the file's encoding. The CLI prints columns 1-based; the server converts to
the client's position encoding.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, order=True)
class Span:
    start_line: int
    start_column: int
    end_line: int
    end_column: int

    def as_list(self) -> list[int]:
        """[start_line, start_column, end_line, end_column], the form `Finding.data` uses."""
        return [self.start_line, self.start_column, self.end_line, self.end_column]

    def contains(self, line: int, column: int) -> bool:
        """Whether the (1-based line, 0-based column) position lies inside, end inclusive."""
        if (line, column) < (self.start_line, self.start_column):
            return False
        return (line, column) <= (self.end_line, self.end_column)


@dataclass(frozen=True)
class Related:
    """Where the conflicting structure comes from (a `jax.vjp` call, a registration)."""

    span: Span
    message: str


@dataclass(frozen=True)
class Finding:
    code: str  # rule id, e.g. "JXE001"
    catalog_id: str  # catalog entry id, e.g. "vjp-with-refs-tree-mismatch"
    span: Span  # the offending expression
    message: str  # what JAX will say, predicted
    related: tuple[Related, ...] = ()
    severity: str = "error"  # "error" | "warning" | "information" | "hint"
    # Rule-specific facts the fixes need (source spans of the primals, logged names...).
    # Plain JSON-able values only.
    data: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)


@dataclass(frozen=True)
class InferredStructure:
    """A name or expression whose pytree structure the engine inferred (for hover)."""

    span: Span
    structure: str  # e.g. "{'b': *, 'w': *}"


@dataclass
class Analysis:
    findings: list[Finding] = field(default_factory=list)
    inferred: list[InferredStructure] = field(default_factory=list)
    # Problems the engine met and worked around: a rule that raised, a part of the file that
    # did not parse, a file too large to check. Human-readable, for logs and the CLI.
    notes: list[str] = field(default_factory=list)
    parsed_fully: bool = True
