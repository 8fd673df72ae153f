"""What a rule is and what it works with.

A rule module (`jaxerr_lsp/rules/<catalog_id with underscores>.py`) defines `RULE = Rule(...)`:
its code and catalog entry, the words a file must contain for it to have anything to find,
its `check(ctx)` (which looks things up in the shared module model and value inference and
calls `ctx.report`), its typed data for the fixes, and its `fix` (libcst, imported inside the
function only). The registry discovers rule modules; nothing lists them by hand.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, TypeVar

from jaxerr_lsp.core.findings import Finding, InferredStructure, Related, RuleData, Span
from jaxerr_lsp.analysis.avals import X64_KIND
from jaxerr_lsp.analysis.model import ModuleModel
from jaxerr_lsp.core.source import ParsedSource

if TYPE_CHECKING:
    from jaxerr_lsp.analysis.external import Outside
    from jaxerr_lsp.analysis.summaries import Imported
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines
    from jaxerr_lsp.analysis.tracing import Tracing
    from jaxerr_lsp.analysis.values import Inference

T = TypeVar("T")

@dataclass(frozen=True)
class Rule:
    code: str  # JXE001
    catalog_id: str  # vjp-with-refs-tree-mismatch
    # Substrings a file must contain for the rule to have anything to find; files without
    # any of them are not even parsed.
    triggers: tuple[str, ...]
    check: Callable[[Context], None]
    data: type[RuleData] | None = None  # the type of `Finding.data` for this rule
    fix: Callable[[Lines, Finding], list[Fix]] | None = None  # best first; [] when none applies
    fix_ids: tuple[str, ...] = ()  # the catalog entry's [[fixes]] ids `fix` can return


def text_mentions(text: str, word: str, whole_word: bool = False) -> bool:
    """`Context.mentions` on `text`."""
    if whole_word:  # (the substring first: the pattern's search is slow on long texts)
        return word in text and re.search(rf"(?<![\w]){re.escape(word)}(?![\w])", text) is not None
    return word in text


def shorten(source: str, limit: int = 60) -> str:
    """The first line of `source`, at most `limit` characters, for a message."""
    first = source.split("\n", 1)[0]
    if len(first) > limit or first != source:
        return first[:limit].rstrip() + "…"
    return first


def as_template(text: str) -> str:
    """`text` as a piece of a predicted message (itself a template): literal braces doubled,
    a dtype whose width x64 decides ("float32|float64") a placeholder that JAX fills with one."""
    text = text.replace("{", "{{").replace("}", "}}")
    for either in X64_KIND.values():
        if either in text:
            text = text.replace(either, "{" + either + "}")
    return text


def fill(template: str, values: Mapping[str, str], *, escape: bool = False) -> str:
    """A catalog message template with its `{placeholders}` filled from `values` (keyed by
    the placeholder's text, e.g. "type(logs).__name__"). Placeholders without a value stay.
    With `escape`, the result is itself a template (`as_template`), so the placeholders
    left can still be told from text."""
    from jaxerr_lsp.errors.catalog import template_parts

    def text(value: str) -> str:
        return as_template(value) if escape else value

    out = []
    for kind, part in template_parts(template):
        if kind == "text":
            out.append(text(part))
        elif part in values:
            out.append(text(values[part]))
        else:
            out.append("{" + part + "}")
    return "".join(out)


@dataclass
class Context:
    """Everything a rule gets for one document, built once: the parsed source, the module
    model, the value inference; and `report`."""

    parsed: ParsedSource
    model: ModuleModel
    path: str = "<string>"
    inferred: list[InferredStructure] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    rule: Rule | None = None  # the rule being run (set by the engine)
    # What other modules of the project trace of this module's functions.
    outside: tuple[Outside, ...] = ()
    # What the functions it imports from other modules of the project return.
    imported: Imported = ()
    # Whether the project around the file may turn x64 on (`x64_possible`).
    x64_elsewhere: bool = False
    # The words looked for in the whole text (`mentions`), and whether it has them.
    mentioned: dict[tuple[str, bool], bool] = field(default_factory=dict, repr=False)
    # Answers about this text already known (shared by the analyses of a module's slices).
    answers: dict[tuple[str, bool], bool] = field(default_factory=dict, repr=False)
    # What `once` computed for this document, by the function that computes it.
    _once: dict[Callable[[Context], object], object] = field(default_factory=dict, repr=False)

    @cached_property
    def values(self) -> Inference:
        from jaxerr_lsp.analysis.values import Inference

        return Inference(self.model, x64=self.x64_possible(), imported=dict(self.imported))

    @cached_property
    def tracing(self) -> Tracing:
        """Which functions JAX traces and which values are tracers (`jaxerr_lsp.analysis.tracing`)."""
        from jaxerr_lsp.analysis.tracing import Tracing

        return Tracing(self.model, self.values.constant, self.outside,
                       jit_flag_named=self.mentions("jax_disable_jit"), value=self.values.value)

    def x64_possible(self) -> bool:
        """Whether 64-bit mode may be on where the file runs: it names x64 itself
        (`avals.X64_WORDS`), or the project around it does (`x64_elsewhere`)."""
        from jaxerr_lsp.analysis.avals import X64_WORDS

        return self.x64_elsewhere or any(self.mentions(word, whole_word=True) for word in X64_WORDS)

    def mentions(self, word: str, *, whole_word: bool = False) -> bool:
        """Whether the document's text holds `word` anywhere (with `whole_word`, not inside a
        longer identifier): the one way a rule reads the whole text. Each answer is recorded:
        an analysis of a slice of the module is reused only while they hold
        (`jaxerr_lsp.engine.incremental`)."""
        key = (word, whole_word)
        found = self.mentioned.get(key)
        if found is None:
            found = self.answers.get(key)
            if found is None:
                found = self.answers[key] = text_mentions(self.parsed.text, word, whole_word)
            self.mentioned[key] = found
        return found

    def once(self, compute: Callable[[Context], T]) -> T:
        """`compute(self)`, computed once per document for every rule that asks (e.g. the
        custom_vjp registrations JXE002 and JXE003 both read): typed by `compute` itself."""
        if compute not in self._once:
            self._once[compute] = compute(self)
        return self._once[compute]  # type: ignore[return-value]

    def release(self) -> None:
        """Drop what the rules worked with once they are done: the inference and the tracing
        refer to themselves (bound methods kept in their attributes), and the module model's
        scopes to their bindings; with those cycles broken, the tree and everything built on
        it are freed at once by reference counting, not left to a cyclic collection that would
        traverse them all."""
        tracing = self.__dict__.pop("tracing", None)
        if tracing is not None:
            tracing.release()
        values = self.__dict__.pop("values", None)
        if values is not None and hasattr(values, "__dict__"):
            vars(values).clear()
        self._once.clear()
        self.model.release()

    def span(self, node: ast.AST, end: ast.AST | None = None) -> Span:
        return self.parsed.span(node, end)

    def segment(self, node: ast.AST) -> str:
        return self.parsed.segment(node)

    def name_span(self, node: ast.AST) -> Span:
        """The span of a def's or class's name (ast gives only where the statement starts);
        the whole node for anything else (a lambda)."""
        name = getattr(node, "name", None)
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) or not name:
            return self.span(node)
        line = self.parsed.lines[node.lineno - 1]
        found = line.find(name, self.parsed.column(node.lineno, node.col_offset))
        if found < 0:
            return self.span(node)
        return Span(node.lineno, found, node.lineno, found + len(name))

    def report(self, where: ast.AST | Span, *, values: Mapping[str, str] | None = None,
               shown: Mapping[str, str] | None = None, note: str = "",
               related: tuple[Related, ...] = (), data: RuleData | None = None,
               message: str | None = None, predicted: str | None = None,
               exception: str | None = None) -> None:
        """Report the current rule's error at `where`.

        `values`: JAX's placeholders the rule predicts exactly (they go into `predicted`);
        `shown`: placeholders the rule can only describe (JAX prints a run-time value
        there): shown to the user, left as placeholders in `predicted`; `note`: appended to
        the message. The exception and the wording come from the catalog entry. A rule whose
        message is not one filled template (JXE001 repeats a line per difference) passes
        `message` (without the exception) and `predicted` itself, and `exception` when the
        raise site it predicts raises another than the entry's (an import's ImportError).
        """
        from jaxerr_lsp.errors.catalog import load_catalog

        rule = self.rule
        assert rule is not None, "report() is called by a rule the engine is running"
        entry = load_catalog().get(rule.catalog_id)
        template = entry.message.strip()
        values = dict(values or {})
        if message is None:
            message = fill(template, {**values, **(shown or {})})
        if predicted is None:
            predicted = fill(template, values, escape=True)
        span = where if isinstance(where, Span) else self.parsed.span(where)
        self.findings.append(Finding(
            code=rule.code, catalog_id=rule.catalog_id, span=span,
            message=f"{exception or entry.exception}: {message}{note}", related=related, data=data,
            predicted=predicted, severity=entry.severity))
