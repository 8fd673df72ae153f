"""The engine's output types, shared by the CLI, the server and the fixes.

Positions: `line` is 1-based, `column` is 0-based and counts characters (code points) of the
line, whatever the file's encoding. The CLI prints columns 1-based; the server converts to
the client's position encoding.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from jaxerr_lsp.analysis.external import Outgoing
    from jaxerr_lsp.analysis.summaries import ModuleSummary


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
    path: str | None = None  # another file's (a project's module); None: the finding's own file


class RuleData:
    """Base of each rule's own facts for its fixes: a frozen dataclass whose fields are
    str, int, bool, None, Span, nested RuleData, or lists/tuples of those. It crosses
    process and LSP boundaries as JSON (`to_json` / `from_json`)."""

    def to_json(self) -> dict[str, Any]:
        return _to_json(self)

    @classmethod
    def from_json(cls, value: Any) -> typing.Self | None:
        """The data back from `to_json`'s output; None when it is malformed."""
        try:
            return _from_json(cls, value)
        except (TypeError, ValueError, KeyError):
            return None


def _to_json(value: Any) -> Any:
    if isinstance(value, Span):
        return value.as_list()
    if isinstance(value, RuleData):
        return {f.name: _to_json(getattr(value, f.name)) for f in dataclasses.fields(value)}  # type: ignore[arg-type]
    if isinstance(value, (list, tuple)):
        return [_to_json(v) for v in value]
    return value


def _from_json(kind: Any, value: Any) -> Any:
    origin = typing.get_origin(kind)
    if origin in (typing.Union, types.UnionType):
        for option in typing.get_args(kind):
            if option is type(None) and value is None:
                return None
        for option in typing.get_args(kind):
            if option is not type(None):
                try:
                    return _from_json(option, value)
                except (TypeError, ValueError, KeyError):
                    continue
        raise ValueError(f"{value!r} is none of {kind}")
    if origin in (list, tuple):
        if not isinstance(value, list):
            raise TypeError(f"expected a list, got {value!r}")
        (item,) = typing.get_args(kind)[:1]
        items = [_from_json(item, v) for v in value]
        return tuple(items) if origin is tuple else items
    if kind is Span:
        if isinstance(value, list) and len(value) == 4 and all(
                type(v) is int for v in value):
            return Span(*value)
        raise ValueError(f"not a span: {value!r}")
    if isinstance(kind, type) and issubclass(kind, RuleData):
        if not isinstance(value, dict):
            raise TypeError(f"expected an object, got {value!r}")
        hints = typing.get_type_hints(kind)
        return kind(**{f.name: _from_json(hints[f.name], value[f.name])
                       for f in dataclasses.fields(kind)})  # type: ignore[arg-type]
    if kind in (str, bool) and type(value) is kind:
        return value
    if kind is int and type(value) is int:
        return value
    if kind is Any:
        return value
    raise TypeError(f"expected {kind}, got {value!r}")


@dataclass(frozen=True)
class Finding:
    code: str  # rule id, e.g. "JXE001"
    catalog_id: str  # catalog entry id, e.g. "vjp-with-refs-tree-mismatch"
    span: Span  # the offending expression
    message: str  # what the diagnostic says: "TypeError: <JAX's message, predicted>[ note]"
    related: tuple[Related, ...] = ()
    severity: str = "error"  # "error" | "warning" | "information" | "hint"
    # The rule's own facts for its fixes (a RuleData of the rule's type), or None.
    data: RuleData | None = field(default=None, compare=False, hash=False)
    # JAX's message as the rule predicts it, exactly; the parts JAX formats from run-time
    # values the rule cannot know stay `{placeholders}` of the catalog template.
    predicted: str = field(default="", compare=False, hash=False)

    def to_json(self) -> dict[str, Any]:
        """Everything needed to rebuild the finding (`registry.finding_from_json`)."""
        return {"code": self.code, "catalog": self.catalog_id, "span": self.span.as_list(),
                "message": self.message, "severity": self.severity,
                "related": [{"span": r.span.as_list(), "message": r.message,
                             **({"path": r.path} if r.path is not None else {})}
                            for r in self.related],
                "data": self.data.to_json() if self.data is not None else None,
                "predicted": self.predicted}


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
    # The first syntax error (line, character column, message), when the file does not parse.
    # Known for every file when `analyze(..., syntax=True)`; otherwise only for files a rule
    # needed parsed.
    syntax_error: tuple[int, int, str] | None = None
    # With `analyze(..., outgoing=True)`: what the module's traced code does with functions it
    # imports (`jaxerr_lsp.analysis.external.Outgoing`), for its project.
    outgoing: list[Outgoing] = field(default_factory=list)
    # With `analyze(..., exported=True)`: what the module's functions return, for the modules
    # that import them (`jaxerr_lsp.analysis.summaries`).
    exported: ModuleSummary | None = None
