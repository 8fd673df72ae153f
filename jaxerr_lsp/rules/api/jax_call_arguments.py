"""JXE169 jax-call-arguments.

What it does: finds a call of one of JAX's public functions (`jax.nn.softmax`, `jnp.sum`,
`jax.lax.map`, `jax.random.normal`... 883 of them, `families.signatures`: the table is read off
the installed JAX, and each row was checked by calling the function) whose arguments Python
refuses to bind to the function's parameters, in CPython's own order:
- a keyword the function does not take (`jax.nn.softmax(x, dim=-1)`, PyTorch's `dim`;
  `jnp.mean(x, keepdim=True)`; Python 3.13 adds "Did you mean 'keepdims'?", predicted too);
- a parameter given both by position and by name;
- more positional arguments than the function takes (`jax.lax.map(f, xs, ws)`).
The call must be written out (no `*args`/`**kwargs`, not through `functools.partial`), and
outside the regions where a name may be meant to fail or never run (a `try` with handlers, a
test of `hasattr`, `getattr` or a version: `families.removed_apis.Guards`, as for removed APIs).
A keyword JAX renamed (`jnp.reshape`'s `newshape`, `jnp.clip`'s `a_min`/`a_max`) is JXE156's.

Why is this bad: Python binds the arguments before the function runs; one it cannot bind
raises TypeError at the call, every time it runs.

Fix (unsafe: the name may not mean what the keyword meant): rename an unexpected keyword to
the parameter Python suggests, or PyTorch's `dim`/`keepdim` to `axis`/`keepdims` when the
function takes those and not the other already.
"""

from __future__ import annotations

import ast
import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.core.findings import Finding, Related, RuleData, Span
from jaxerr_lsp.engine.rule import Context, Rule, as_template
from jaxerr_lsp.families.removed_apis import Guards
from jaxerr_lsp.families.signatures import jax_signatures, refusal
from jaxerr_lsp.rules.api.removed_keyword_argument import REMOVED

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines

# PyTorch's names for NumPy's parameters, the most common keywords JAX refuses.
_TORCH_NAMES = {"dim": "axis", "keepdim": "keepdims"}

_KIND_NOTES = {
    "keyword": "`{function}` takes no parameter named `{keyword}`",
    "multiple": "`{keyword}` is given both by position and by name",
    "positional": "`{function}` takes fewer positional arguments",
}


@dataclass(frozen=True)
class RefusedKeyword(RuleData):
    keyword: Span | None  # the refused keyword's name, when a rename is offered
    written: str  # its text
    replacement: str  # the parameter to write instead


def _guards(ctx: Context) -> Guards:
    return Guards(ctx.model, ctx.model.tree)


@functools.cache
def _last_names() -> frozenset[str]:
    """The last part of every qualified name of the table (`softmax`)."""
    return frozenset(qualname.rpartition(".")[2] for qualname in jax_signatures())


def _calls(ctx: Context) -> list[tuple[ast.Call, str]]:
    """The file's calls of functions of the table, with their qualified names, in source order:
    each call named like one is resolved once (a name imported under another name is not
    looked at: the cost of asking every call is not worth that form)."""
    model, table = ctx.model, jax_signatures()
    found: dict[int, tuple[ast.Call, str]] = {}
    for calls in (model.name_calls, model.attribute_calls):
        for name in calls.keys() & _last_names():
            for call in calls[name]:
                site = model.call_site(call)
                if site is not None and site.qualname in table and site.complete and site.partial is None:
                    found[id(call)] = (call, site.qualname)
    return sorted(found.values(), key=lambda item: (item[0].lineno, item[0].col_offset))


def check(ctx: Context) -> None:
    for call, qualname in _calls(ctx):
        signature = jax_signatures()[qualname]
        if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
            continue
        keywords = [k.arg for k in call.keywords if k.arg is not None]
        refused = refusal(signature, len(call.args), keywords)
        if refused is None or refused.kind == "keyword" and refused.keyword in REMOVED.get(qualname, {}):
            continue
        if ctx.once(_guards).holds(call):
            continue
        where: ast.AST = next((k for k in call.keywords if k.arg == refused.keyword), call) \
            if refused.keyword is not None else call
        note = _KIND_NOTES[refused.kind].format(function=qualname, keyword=refused.keyword)
        related = (Related(ctx.span(call.func), f"`{qualname}` is called here"),) if where is not call else ()
        ctx.report(where, message=refused.message, predicted=as_template(refused.message),
                   note=f" ({note})", related=related, data=_rename(ctx, where, refused.suggestion, keywords,
                                                                   (*signature.positional, *signature.keyword_only)))


def _rename(ctx: Context, where: ast.AST, suggestion: str | None, keywords: list[str],
            parameters: tuple[str, ...]) -> RefusedKeyword:
    """The rename of an unexpected keyword: to Python's suggestion, or from PyTorch's name to
    NumPy's when the function takes it and the call does not give it already."""
    if not isinstance(where, ast.keyword) or where.arg is None:
        return RefusedKeyword(None, "", "")
    replacement = suggestion or _TORCH_NAMES.get(where.arg)
    if replacement is None or replacement not in parameters or replacement in keywords:
        return RefusedKeyword(None, "", "")
    start = ctx.span(where)
    span = Span(start.start_line, start.start_column, start.start_line, start.start_column + len(where.arg))
    return RefusedKeyword(span, where.arg, replacement)


def fix(lines: Lines, finding: Finding) -> list[Fix]:
    from jaxerr_lsp.fixes.edits import Fix, TextEdit

    data = finding.data
    assert isinstance(data, RefusedKeyword)
    if data.keyword is None or lines.text(data.keyword) != data.written:
        return []
    why = (f"Renames the keyword `{data.written}` to `{data.replacement}`, a parameter the function takes; "
           f"check that it means what `{data.written}` meant (the value is passed as it is).")
    return [Fix(f"Write `{data.replacement}=`", False, why, (TextEdit(data.keyword, data.replacement),),
                "rename-keyword")]


RULE = Rule(
    code="JXE169",
    catalog_id="jax-call-arguments",
    triggers=("jax",),
    check=check,
    data=RefusedKeyword,
    fix=fix,
    fix_ids=("rename-keyword",),
)
