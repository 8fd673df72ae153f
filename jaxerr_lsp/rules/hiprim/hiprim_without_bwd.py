"""JXE063 hiprim-without-bwd.

What it does: finds a `jax.experimental.hijax.HiPrim` subclass, instantiated in this file and
not derived from here, whose class body or in-file ancestors define `vjp_fwd` but none of
`vjp_bwd`, `vjp_bwd_retval`, `vjp_bwd_retval_logs` (a `vjp_fwd, vjp_bwd_retval = vjp_from_jvp`
assignment counts as defining both).

Fix: when the class defines `jvp`, replace its `vjp_fwd` by `vjp_fwd, vjp_bwd_retval =
vjp_from_jvp` (both rules derived from jvp; unsafe: it drops the hand-written forward rule).

What it leaves alone: a `vjp_fwd` that only raises (or is bound by an assignment), classes with a base from another module or any base the file does not
show down to HiPrim (it may define the rule), classes the file derives others from (abstract
intermediates: a subclass may add the rule), classes never instantiated here, decorated
classes and classes whose attributes are set from outside their body.

Why is this bad: HiPrim's default `vjp_bwd_retval` raises NotImplementedError when the
primitive is differentiated: the forward rule alone gives no gradient.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.families.custom_vjp import returned_values
from jaxerr_lsp.core.findings import Finding, Related, RuleData, Span
from jaxerr_lsp.families.hiprim import BWD_METHODS, HiPrimClass, hiprim_classes
from jaxerr_lsp.engine.rule import Context, Rule

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines

VJP_FROM_JVP = "jax.experimental.hijax.vjp_from_jvp"


@dataclass(frozen=True)
class WithoutBwd(RuleData):
    class_name: str
    # The class's own `def vjp_fwd` (its whole lines, decorators included) when the class also
    # defines `jvp`, so both rules can be derived from it; None otherwise.
    fwd_lines: Span | None
    indent: str  # the indentation of the class body
    needs_import: bool  # `vjp_from_jvp` is not yet imported under that name


def check(ctx: Context) -> None:
    for hiprim in hiprim_classes(ctx):
        if hiprim.subclassed or not hiprim.instantiations or not hiprim.binds("vjp_fwd"):
            continue
        if any(hiprim.binds(name) for name in BWD_METHODS):
            continue
        forward = hiprim.method("vjp_fwd")
        if forward is None or not any(True for _ in returned_values(forward)):
            continue  # a vjp_fwd that only raises (or is not a plain def) fails first
        fwd = hiprim.own_method("vjp_fwd")
        where = ctx.name_span(fwd) if fwd is not None else ctx.name_span(hiprim.node)
        ctx.report(
            where, shown={"type(self)": f"<class '….{hiprim.name}'>"},
            note=_note(hiprim),
            related=(Related(ctx.span(hiprim.instantiations[0]),
                             f"`{hiprim.name}` instantiated here"),),
            data=_data(ctx, hiprim, fwd))


def _data(ctx: Context, hiprim: HiPrimClass,
          fwd: ast.FunctionDef | ast.AsyncFunctionDef | None) -> WithoutBwd:
    fwd_lines = None
    indent = ""
    if fwd is not None and hiprim.own_method("jvp") is not None:
        first = min([fwd.lineno] + [d.lineno for d in fwd.decorator_list])
        line = ctx.parsed.lines[first - 1]
        indent = line[: len(line) - len(line.lstrip())]
        if line.strip().startswith(("def ", "async def ", "@")) and fwd.end_lineno is not None:
            fwd_lines = Span(first, 0, fwd.end_lineno + 1, 0)
    bound = ctx.model.module_scope.bindings.get("vjp_from_jvp", [])
    needs_import = not (len(bound) == 1 and bound[0].qualname == VJP_FROM_JVP)
    if bound and needs_import:
        fwd_lines = None  # the name means something else here
    return WithoutBwd(hiprim.name, fwd_lines, indent, needs_import)


def _note(hiprim: HiPrimClass) -> str:
    has_jvp = hiprim.binds("jvp")
    suggestion = ("it defines `jvp`, so `vjp_fwd, vjp_bwd_retval = vjp_from_jvp` in the class "
                  "body would derive both rules from it" if has_jvp else
                  "define `vjp_bwd_retval(self, res, g)` returning a tuple with one cotangent "
                  "per input")
    return (f"\n`{hiprim.name}` defines `vjp_fwd` but no backward rule; JAX raises when the "
            f"primitive is differentiated. To fix: {suggestion}.")


# ------------------------------------------------------------------------------------ fix
def fix(lines: Lines, finding: Finding) -> list[Fix]:
    from jaxerr_lsp.fixes.edits import Fix, TextEdit
    from jaxerr_lsp.fixes.locate import import_edit_for

    data = finding.data
    assert isinstance(data, WithoutBwd)
    if data.fwd_lines is None or data.fwd_lines.end_line > lines.count + 1:
        return []
    edits = [TextEdit(data.fwd_lines, f"{data.indent}vjp_fwd, vjp_bwd_retval = vjp_from_jvp"
                                      f"{lines.newline}")]
    if data.needs_import:
        edit = import_edit_for(lines, ["from jax.experimental.hijax import vjp_from_jvp"])
        if edit is None:
            return []
        edits.insert(0, edit)
    return [Fix("Derive both rules from jvp: vjp_fwd, vjp_bwd_retval = vjp_from_jvp",
                False,
                "Both reverse-mode rules then come from the class's `jvp` (JAX transposes its "
                "tangent map), replacing the hand-written `vjp_fwd`; right when `jvp` is linear "
                "in the tangents and built from JAX operations JAX can transpose.",
                tuple(edits), "derive-from-jvp")]


RULE = Rule(
    code="JXE063",
    catalog_id="hiprim-without-bwd",
    triggers=("HiPrim",),
    check=check,
    data=WithoutBwd,
    fix=fix,
    fix_ids=("derive-from-jvp",),
)
