"""What the rules about concrete values share: JXE071 tracer-concretization, JXE072 traced-shape
and JXE073 tracer-integer-conversion.

Each flags an operation that needs a Python value from a tracer of an abstract trace (jit, vmap,
pmap, checkpoint, the lax control-flow bodies). Here: which tracers count (`abstract_array`),
which code certainly runs (`runs_unconditionally`), how the findings name the tracer's origin
(`origin_text`, `tracer_phrase`, `tracer_arrays.tracer_related`), the message a finding predicts when a
placeholder's value is itself partly unknown (`predicted_message`), and the fixes: a keyword
added to a call (`keyword_insertion`, `edit_fix`) and the parameter made static at its jit site
(`static_site`, `static_argnames_fix`, on `jaxerr_lsp.fixes.static_args`), each checked against
the text before it applies.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.core.findings import RuleData, Span
from jaxerr_lsp.engine.rule import Context, as_template
from jaxerr_lsp.families.tracer_arrays import array_tracer, hashable_wherever_passed
from jaxerr_lsp.analysis.tracing import Tracer

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines


@dataclass(frozen=True)
class Edit(RuleData):
    """One text edit of a fix, with the text it replaces as the finding saw it."""

    span: Span
    old: str
    new: str


def abstract_array(ctx: Context, expr: ast.expr, *, concrete_too: bool = False) -> Tracer | None:
    """The tracer `expr` certainly is, when it is one array of an abstract trace. A parameter
    of unknown structure may be a tuple or a dict: it counts only when the file shows what
    it receives is an array or a number (`tracer_arrays.array_tracer`). Under grad alone values are
    concrete: not counted, unless `concrete_too` (for what fails on every tracer)."""
    tracer = ctx.tracing.tracer(expr)
    if tracer is None or not (tracer.abstract or concrete_too and runs_differentiated(ctx, tracer)):
        return None
    return array_tracer(ctx, expr)


CUSTOM_RULES = ("jax.custom_vjp", "jax.custom_jvp")


def runs_differentiated(ctx: Context, tracer: Tracer) -> bool:
    """Whether the function of a grad-family tracer certainly runs with it: not a function with
    a custom derivative (`jax.custom_vjp` / `custom_jvp`, decorated or wrapped; under grad JAX
    runs its rules, not the function) and decorated with nothing else JAX may replace."""
    function = tracer.function.function
    if getattr(function, "decorator_list", None):
        return False
    for qualname in CUSTOM_RULES:
        for site in ctx.model.calls_to(qualname):
            wrapped = site.args[0] if site.args else None
            if isinstance(wrapped, ast.Name) and ctx.tracing.traced(function) is not None \
                    and _names_function(ctx, wrapped, function):
                return False
    return True


def _names_function(ctx: Context, name: ast.Name, function: ast.AST) -> bool:
    binding = ctx.model.binding_of(name)
    return binding is None or binding.node is function


def runs_unconditionally(ctx: Context, node: ast.AST) -> bool:
    """Whether `node` sits outside every `if`, conditional expression, `match` and `try` of
    its function: code under an `if` may not run (a static flag), and under an `if` on a tracer
    the test raises first (tracer-bool-conversion). Read from the branch of a name in `node`."""
    names = ctx.model.names_in(node)
    use = ctx.model.use_of.get(id(names[0])) if names else None
    return use is not None and not use.branch


# ------------------------------------------------------------------------ parameters
def is_parameter(ctx: Context, name: ast.Name, function: ast.AST) -> bool:
    """Whether `name` reads the parameter of `function` it names, never rebound there."""
    model = ctx.model
    use = model.use_of.get(id(name))
    scope = model.resolve_scope(name.id, use.scope) if use is not None else None
    if scope is None or scope.node is not function:
        return False
    parameter = model.sole_binding(name.id, scope)
    return parameter is not None and isinstance(parameter.node, ast.arg)


def transform_name(tracer: Tracer) -> str:
    """`jax.jit`, `jax.lax.scan`...: the transformation the tracer comes from."""
    return tracer.transform.qualname


def origin_text(tracer: Tracer) -> str:
    """What JAX's message says about where the tracer comes from, as far as the code shows it
    (shown to the user; JAX's exact wording depends on run-time details)."""
    function = tracer.function.name
    transform = transform_name(tracer)
    parameter = tracer.parameter
    if not tracer.abstract:
        return ""  # a differentiation tracer tells nothing of its origin
    if tracer.transform.label and parameter:
        return (f"\nThe error occurred while tracing the function "
                f"{tracer.function.source_info or function} for "
                f"{tracer.transform.label}. This concrete value was not available in Python "
                f"because it depends on the value of the argument {parameter}.")
    if parameter:
        return f"\nThe value depends on the argument {parameter} of {function}, traced by {transform}."
    return f"\nThe value is computed from traced values inside {function}, traced by {transform}."


def tracer_phrase(ctx: Context, used: ast.expr, tracer: Tracer) -> str:
    """`n` is an argument of `f` traced by `jax.jit` / `n + 1` depends on ... : for the notes."""
    text = ctx.segment(used)
    text = text if "\n" not in text and len(text) <= 40 else "the value"
    function, transform = tracer.function.name, transform_name(tracer)
    if tracer.parameter is None:
        return f"`{text}` is computed from traced values in `{function}`, traced by `{transform}`"
    if text == tracer.parameter:
        return f"`{text}` is an argument of `{function}` traced by `{transform}`"
    return (f"`{text}` depends on the argument `{tracer.parameter}` of `{function}`, traced by "
            f"`{transform}`")


def predicted_message(template: str, values: dict[str, str]) -> str:
    """`template` with each placeholder in `values` replaced by its value, itself a template
    (its literal braces doubled, the placeholders it keeps in braces); the others stay."""
    from jaxerr_lsp.errors.catalog import template_parts

    out = []
    for kind, part in template_parts(template):
        if kind == "text":
            out.append(as_template(part))
        else:
            out.append(values.get(part, "{" + part + "}"))
    return "".join(out)


# ------------------------------------------------------------------------ edits
def keyword_insertion(ctx: Context, call: ast.Call, keyword_text: str) -> Edit | None:
    """An edit of `call` adding `keyword_text` (`size=m.size`) as its last argument; None when
    the call's text makes the place uncertain (a comment inside, `**kwargs`)."""
    if any(k.arg is None for k in call.keywords):
        return None
    text = ctx.segment(call)
    if "#" in text or not text.endswith(")"):
        return None
    inside = text[:-1].rstrip()
    if inside.endswith("("):
        separator = ""
    elif inside.endswith(","):
        separator = " "
    else:
        separator = ", "
    return Edit(ctx.span(call), text, f"{inside}{separator}{keyword_text})")


@dataclass(frozen=True)
class StaticSite(RuleData):
    """The jit site a parameter can be made static at (`jaxerr_lsp.fixes.static_args`)."""

    site: Span
    site_text: str  # the site's text when the finding was made
    name: str
    position: int | None  # among the positional parameters; None: keyword-only


def static_site(ctx: Context, tracer: Tracer, expr: ast.expr) -> StaticSite | None:
    """Where the tracer's parameter can be made static: the one `jax.jit` (decorator or call
    of this file) tracing its function, when `expr` is that parameter itself; None
    otherwise."""
    parameter = tracer.parameter
    traced = tracer.function
    if parameter is None or not isinstance(expr, ast.Name) or expr.id != parameter:
        return None
    if traced.elsewhere or [t.qualname for t in traced.transforms] != ["jax.jit"]:
        return None
    if tracer.transform is not traced.transforms[0] or not is_parameter(ctx, expr, traced.function):
        return None
    if not hashable_wherever_passed(ctx, traced, parameter):
        return None
    args = traced.function.args
    positional = [a.arg for a in (*args.posonlyargs, *args.args)]
    if parameter not in positional and parameter not in [a.arg for a in args.kwonlyargs]:
        return None
    site = tracer.transform.site
    return StaticSite(ctx.span(site), ctx.segment(site), parameter,
                      positional.index(parameter) if parameter in positional else None)


def edit_fix(lines: Lines, edit: Edit | None, title: str, why: str, fix_id: str) -> list[Fix]:
    """The (unsafe) fix applying `edit`, when the text it replaces is still there."""
    from jaxerr_lsp.fixes.edits import Fix, TextEdit

    if edit is None or lines.text(edit.span) != edit.old.replace("\n", lines.newline):
        return []
    return [Fix(title, False, why, (TextEdit(edit.span, edit.new),), fix_id)]


def static_argnames_fix(lines: Lines, static: StaticSite | None, fix_id: str) -> list[Fix]:
    """Make the parameter static at its jit site (unsafe: one compilation per value, and
    callers must pass hashable values)."""
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.static_args import static_argument_edit

    if static is None or lines.text(static.site) != static.site_text.replace("\n", lines.newline):
        return []
    edit = static_argument_edit(lines, static.site, static.name, static.position)
    if edit is None:
        return []
    why = (f"Makes `{static.name}` a static argument of the jit: it is then a Python value while "
           "tracing. JAX compiles again for every new value, and every caller must pass a "
           "hashable value (a Python number, not an array).")
    return [Fix(f"Make {static.name} static in the jit", False, why, (edit,), fix_id)]
