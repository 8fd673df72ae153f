"""JXE120 non-array-argument.

What it does: finds a call of the file that runs a function through `jax.jit` (decorated,
`g = jax.jit(f)`, `jax.jit(f)(...)`, `functools.partial(jax.jit, ...)`, nested around vmap or
grad), `jax.make_jaxpr`, `jax.eval_shape` or `jax.checkpoint`/`jax.remat`
(`jaxerr_lsp.analysis.applications`) and passes, for a parameter the transformation traces (not
static), a value that is certainly not a valid JAX type (`families.jax_types`): a `str` or
`bytes` literal, an f-string, a builtin type or a plain class of the file, alone or as the one
bad element of a tuple, list or dict display. A call inside `try` with handlers, a method, a
`*args`/`**kwargs` call and options not written out stay silent.

Why is this bad: JAX turns every traced argument into an abstract array before tracing, leaf by
leaf; such a leaf has no shape or dtype, so the call raises TypeError before the function runs.
jit (and make_jaxpr, eval_shape) names the function, the leaf's type and its path; checkpoint
says the value is not a valid JAX type (a str) or has no dtype (anything else). The prediction
names the type and the path when every other traced argument is known to be valid (JAX reports
the first bad leaf), else shows them.

Fix (unsafe): make the parameter static at its `jax.jit` site (`static_argnames`, and
`static_argnums` when written out): JAX then passes the value as it is and compiles once per
value; offered when no call passes the parameter an array, a list, a dict or a set (a static
argument is hashed).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.analysis.applications import Application
from jaxerr_lsp.analysis.tracing import TracedFunction
from jaxerr_lsp.core.findings import Finding, Related, RuleData, Span
from jaxerr_lsp.engine.rule import Context, Rule, fill
from jaxerr_lsp.families.jax_types import InvalidLeaf, invalid_leaf, known_valid
from jaxerr_lsp.families.tracer_arrays import hashable_wherever_passed

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines

# The transformations that abstract their arguments with jit's check (jax/_src/pjit.py).
JIT_CHECKED = frozenset({"jax.jit", "jax.make_jaxpr", "jax.eval_shape"})
CHECKPOINT = frozenset({"jax.checkpoint", "jax.remat", "jax.ad_checkpoint.checkpoint"})


@dataclass(frozen=True)
class NonArrayArgument(RuleData):
    # The jax.jit site that can make the parameter static, with its text; None: not offered.
    site: Span | None
    site_text: str
    parameter: str
    position: int | None  # among the positional parameters; None: keyword-only


def _entry_messages() -> tuple[str, str, str]:
    """(jit's message, checkpoint's for a str, checkpoint's for anything else)."""
    from jaxerr_lsp.errors.catalog import load_catalog

    entry = load_catalog().get("non-array-argument")
    messages = [m.strip() for m in entry.messages]
    jit = next(m for m in messages if m.startswith("Error interpreting argument"))
    text = next(m for m in messages if m.startswith("Argument '{x}'"))
    other = next(m for m in messages if m.startswith("Cannot interpret value"))
    return jit, text, other


def _function_text(traced: TracedFunction) -> str:
    return f"<function {traced.name} at 0x…>"


def _static_site(ctx: Context, traced: TracedFunction, application: Application,
                 name: str) -> tuple[Span | None, str, int | None]:
    transform = application.transform
    args = traced.function.args
    positional = [a.arg for a in (*args.posonlyargs, *args.args)]
    position = positional.index(name) if name in positional else None
    if transform.qualname != "jax.jit" or name in (a.arg for a in args.posonlyargs) \
            or len(traced.transforms) != 1 or traced.called_from \
            or not hashable_wherever_passed(ctx, traced, name):
        return None, "", position
    return ctx.span(transform.site), ctx.segment(transform.site), position


def _report(ctx: Context, traced: TracedFunction, application: Application, name: str,
            leaf: InvalidLeaf, others_valid: bool) -> None:
    jit, text, other = _entry_messages()
    qualname = application.transform.qualname
    values: dict[str, str] = {}
    shown: dict[str, str] = {}
    if qualname in JIT_CHECKED:
        template = jit
        known = {"type(x)": leaf.type_text, "arg_description": f"path {name}{leaf.path}"}
        (values if others_valid else shown).update(known)
        shown["fun"] = _function_text(traced)
    elif leaf.type_text == "<class 'str'>":
        template = text
        values["type(x)"] = leaf.type_text
        if leaf.value_text is not None and "\n" not in leaf.value_text:
            values["x"] = leaf.value_text
        else:
            shown["x"] = "‹the string›"
    else:
        template = other
        values["typ"] = leaf.type_text
    message = fill(template, {**values, **shown})
    predicted = fill(template, values, escape=True)
    site, site_text, position = _static_site(ctx, traced, application, name)
    note = (f"\n(`{name}` of `{traced.name}` is traced by `{qualname}`: it must be an array, a "
            "Python number or a pytree of them, or be marked static)")
    ctx.report(leaf.node, message=message + note, predicted=predicted,
               related=(Related(ctx.span(application.transform.site),
                                f"`{traced.name}` is transformed by `{qualname}` here"),),
               data=NonArrayArgument(site, site_text, name, position))


def check(ctx: Context) -> None:
    tracing = ctx.tracing
    for traced in tracing.functions:
        for application in tracing.applications.of(traced):
            qualname = application.transform.qualname
            if qualname not in JIT_CHECKED and qualname not in CHECKPOINT:
                continue
            arguments = dict(application.traced_arguments())
            bad = {name: leaf for name, argument in arguments.items()
                   if (leaf := invalid_leaf(ctx, argument)) is not None}
            if len(bad) != 1 or tracing.applications.guarded(application.call):
                continue
            (name, leaf), = bad.items()
            if qualname in CHECKPOINT and leaf.type_text == "<class 'bytes'>":
                continue
            others_valid = all(known_valid(ctx, argument) for other, argument in arguments.items()
                               if other != name)
            if qualname in CHECKPOINT and not others_valid:
                continue  # another leaf may fail first, with the other wording
            _report(ctx, traced, application, name, leaf, others_valid)


def fix(lines: Lines, finding: Finding) -> list[Fix]:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.static_args import static_argument_edit

    data = finding.data
    assert isinstance(data, NonArrayArgument)
    if data.site is None or lines.text(data.site) != data.site_text.replace("\n", lines.newline):
        return []
    edit = static_argument_edit(lines, data.site, data.parameter, data.position)
    if edit is None:
        return []
    why = (f"`{data.parameter}` becomes a static argument: JAX passes the value to the function "
           "as it is and compiles once for every new value; every caller must then pass a "
           "hashable value (an array there fails).")
    return [Fix(f"Make {data.parameter} static in jax.jit", False, why, (edit,),
                "add-static-argnames")]


RULE = Rule(
    code="JXE120",
    catalog_id="non-array-argument",
    triggers=("jit", "make_jaxpr", "eval_shape", "checkpoint", "remat"),
    check=check,
    data=NonArrayArgument,
    fix=fix,
    fix_ids=("add-static-argnames",),
)
