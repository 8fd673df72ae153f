"""JXE156 removed-keyword-argument.

What it does: finds a call that spells a keyword JAX renamed and no longer accepts:
`jnp.reshape(x, newshape=...)`, `jnp.clip(x, a_min=..., a_max=...)` (`REMOVED`, each
measured under JAX 0.12.0.1), through the file's imports of `jax.numpy`, and the array
methods on a value the inference knows is a JAX array: `x.reshape(newshape=...)` (the
method's implementation is `_reshape`), `x.clip(a_min=...)` (`_clip`). The error names the
first keyword the function does not take (`ACCEPTED`), in the order written (for a function
JAX jits itself, `BY_NAME`, in the order of their names): it must be a removed one; no
`**kwargs` in the call.

Never flagged: a call inside a `try` with handlers or in a branch of a test of `hasattr`,
`getattr` or a version (code written for two JAX releases: `families.removed_apis.Guards`),
a method on a value that is not certainly a JAX array (a NumPy array's methods are
NumPy's business).

Why is this bad: the call raises TypeError before any JAX code runs ("reshape() got an
unexpected keyword argument 'newshape'").

Fix (safe): write the new name (`shape=`, `min=`, `max=`); for `x.reshape(newshape=s)`,
whose method takes the shape only by position, drop `newshape=` (when it is the first
keyword: a positional argument cannot follow a keyword).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.core.findings import Finding, RuleData, Span
from jaxerr_lsp.engine.rule import Context, Rule, as_template
from jaxerr_lsp.families.removed_apis import Guards

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines

# function -> {removed keyword: its new name ("" when only the position is left)}
REMOVED: dict[str, dict[str, str]] = {
    "jax.numpy.reshape": {"newshape": "shape"},
    "jax.numpy.clip": {"a_min": "min", "a_max": "max"},
}
# array method -> (the implementation Python names, {removed keyword: new name})
METHODS: dict[str, tuple[str, dict[str, str]]] = {
    "reshape": ("_reshape", {"newshape": ""}),
    "clip": ("_clip", {"a_min": "min", "a_max": "max"}),
}
# The keywords each takes under JAX 0.12.0.1 (`inspect.signature`).
ACCEPTED: dict[str, frozenset[str]] = {
    "jax.numpy.reshape": frozenset({"a", "shape", "order", "copy", "out_sharding"}),
    "jax.numpy.clip": frozenset({"min", "max"}),
    "_reshape": frozenset({"order", "out_sharding"}),
    "_clip": frozenset({"min", "max"}),
}


# Functions JAX jits itself, whose wrapper names the refused keywords in order of their names.
BY_NAME = frozenset({"jax.numpy.clip"})


@dataclass(frozen=True)
class RemovedKeyword(RuleData):
    # For each removed keyword of the call: its name and `=`, their text, what to write there
    # ("shape=", "min=", or "": drop it). Empty when no fix applies.
    spans: tuple[Span, ...]
    sources: tuple[str, ...]
    replacements: tuple[str, ...]


def _removed(keywords: list[ast.keyword], table: dict[str, str], accepted: frozenset[str],
             by_name: bool = False) -> ast.keyword | None:
    """The keyword the call is refused for, when it is one of `table`'s: the first refused in
    the order written (Python's), or, `by_name`, the first by name (a jitted function's
    wrapper reports them so: measured, `jnp.clip(x, a_min=0, a_max=1)` names `a_max`)."""
    if any(k.arg is None for k in keywords):
        return None  # (`**options`: unknown)
    refused = [k for k in keywords if k.arg not in accepted]
    if by_name:
        refused.sort(key=lambda k: k.arg or "")
    return refused[0] if refused and refused[0].arg in table else None


def _report(ctx: Context, keyword: ast.keyword, function: str, table: dict[str, str], call: ast.Call) -> None:
    """Report the call's refused keyword; the fix renames every removed keyword of the call
    (or drops `newshape=`, when it is the first keyword: no positional argument may follow
    a keyword; a keyword written `name = value` gets no fix)."""
    assert keyword.arg is not None
    message = f"{function}() got an unexpected keyword argument '{keyword.arg}'"
    spans: list[Span] = []
    sources: list[str] = []
    replacements: list[str] = []
    for position, each in enumerate(call.keywords):
        if each.arg not in table:
            continue
        start = ctx.span(each)
        line = start.start_line
        span = Span(line, start.start_column, line, start.start_column + len(each.arg) + 1)
        written = ctx.parsed.lines[line - 1][start.start_column:span.end_column] if line <= len(ctx.parsed.lines) else ""
        replacement = table[each.arg]
        if written != f"{each.arg}=" or not replacement and position:
            spans, sources, replacements = [], [], []  # (no fix)
            break
        spans.append(span)
        sources.append(written)
        replacements.append(f"{replacement}=" if replacement else "")
    new = table[keyword.arg]
    ctx.report(keyword, message=message, predicted=as_template(message),
               note=f" (the keyword is now `{new}`)" if new else " (pass it by position)",
               data=RemovedKeyword(tuple(spans), tuple(sources), tuple(replacements)))


def _guards(ctx: Context) -> Guards:
    return Guards(ctx.model, ctx.model.tree)


def check(ctx: Context) -> None:
    # (the guarded regions are asked for only once a call gives a removed keyword: most files
    # give none, and finding the regions reads the whole file)
    for qualname, table in REMOVED.items():
        for site in ctx.model.calls_to(qualname):
            if site.partial is not None:
                continue
            keyword = _removed(site.call.keywords, table, ACCEPTED[qualname], qualname in BY_NAME)
            if keyword is not None and not ctx.once(_guards).holds(site.call):
                _report(ctx, keyword, qualname.rsplit(".", 1)[1], table, site.call)
    for name, (implementation, table) in METHODS.items():
        for call in ctx.model.method_calls(name):
            function = call.func
            if not isinstance(function, ast.Attribute) or ctx.model.qualname(function) is not None:
                continue
            keyword = _removed(call.keywords, table, ACCEPTED[implementation])
            if keyword is None or ctx.once(_guards).holds(call) or ctx.values.value(function.value).jax_array is None:
                continue
            _report(ctx, keyword, implementation, table, call)


def fix(lines: Lines, finding: Finding) -> list[Fix]:
    from jaxerr_lsp.fixes.edits import Fix, TextEdit

    data = finding.data
    assert isinstance(data, RemovedKeyword)
    if not data.spans or any(lines.text(span) != source for span, source in zip(data.spans, data.sources)):
        return []
    names = ", ".join(f"`{r[:-1]}`" if r else "the position" for r in data.replacements)
    why = "JAX's names for the same parameters (the method takes the shape only by position)." \
        if "" in data.replacements else "JAX's names for the same parameters."
    edits = tuple(TextEdit(span, replacement) for span, replacement in zip(data.spans, data.replacements))
    return [Fix(f"Write {names}", True, why, edits, "rename-keyword")]


RULE = Rule(
    code="JXE156",
    catalog_id="removed-keyword-argument",
    triggers=("newshape", "a_min", "a_max"),
    check=check,
    data=RemovedKeyword,
    fix=fix,
    fix_ids=("rename-keyword",),
)
