"""JXE094 vmap-inconsistent-sizes.

What it does: finds a call of a function made by `jax.vmap` (a def or lambda of the file)
whose mapped axes, as the value inference shows the arguments' shapes, do not all have one
size (or differ from a literal `axis_size`). `in_axes` may be the default 0, an int (negative
too), None, or a tuple/list of such entries and of containers matching pytree arguments
(tuples, lists, dicts of arrays, leaf by leaf; `None` leaves unmapped); keyword arguments are
mapped along axis 0. The message is JAX's, predicted line by line: sizes grouped, most
frequent first, each with an example axis named by parameter and path and typed.

Why is this bad: vmap needs one batch size; JAX raises ValueError at the call, before tracing.

A call in the body of a helper is checked again with the values each call of the helper the
file shows gives its parameters (`shapes.in_followed_calls`: `x[:n]` for `evaluate(x, 12)`).

Silent when a mapped leaf's shape is unknown (a parameter, another module, a name bound twice),
when a mapped leaf is a Python scalar or too low in rank (another error), when the call does not
bind to the function's parameters, for `*args`/`**kwargs`, `in_axes` not shown, a vmapped
`functools.partial` or nested vmap (the names JAX prints are not certain). A method bound to
its instance (`jax.vmap(self.energy, ...)`) is checked with its parameters after `self`, which
JAX names.

Fix: pass an argument whose size no other mapped axis has whole (`None` in `in_axes`), when the
others then agree (unsafe: right only for values shared by the whole batch).
"""

from __future__ import annotations

import ast
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.analysis.avals import Aval
from jaxerr_lsp.core.findings import Finding, Related, RuleData, Span
from jaxerr_lsp.engine.rule import Context, Rule, as_template
from jaxerr_lsp.core.source import text_of_span
from jaxerr_lsp.analysis.values import Signature, bind_arguments
from jaxerr_lsp.analysis.model import Binding
from jaxerr_lsp.families.shapes import in_followed_calls
from jaxerr_lsp.families.vmap_axes import Vmap, arguments_span, bad_leaves, checked_in_axes, literal, vmaps

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines

NAME = "vmap"
TYPE_FIELD = "_get_argument_type(x)"


@dataclass(frozen=True)
class MappedAxis:
    path: str  # `argument x[0]`, `kwargs['y']`
    aval: Aval
    axis: int  # as in_axes gives it
    size: int
    argument: int  # the positional argument it belongs to; -1 for a keyword argument


@dataclass(frozen=True)
class UnmapFix(RuleData):
    title: str
    edit_span: Span
    edit_text: str
    original: str  # the text at edit_span when the finding was made


@dataclass(frozen=True)
class InconsistentSizes(RuleData):
    fixes: list[UnmapFix]


# ------------------------------------------------------------------------------ the leaves
def _display(ctx: Context, expr: ast.expr) -> ast.Tuple | ast.List | ast.Dict | None:
    """A tuple, list or dict display (dict keys strings), written here or bound once to the
    name; a list or dict only when nothing can change it."""
    if isinstance(expr, ast.Name):
        found = ctx.model.assignment_of(expr)
        if found is None or not isinstance(found[1], (ast.Tuple, ast.List, ast.Dict)):
            return None
        if not isinstance(found[1], ast.Tuple) and not _only_read(ctx, found[0]):
            return None
        expr = found[1]
    if isinstance(expr, ast.Dict):
        if all(isinstance(k, ast.Constant) and isinstance(k.value, str) for k in expr.keys):
            return expr
        return None
    if isinstance(expr, (ast.Tuple, ast.List)) \
            and not any(isinstance(e, ast.Starred) for e in expr.elts):
        return expr
    return None


def _only_read(ctx: Context, binding: Binding) -> bool:
    """A dict bound once that nothing can change: its name is only subscripted for a value or
    passed to vmapped functions (which do not change their arguments)."""
    vmap_calls = {id(c) for v in vmaps(ctx) for c in v.calls}
    for use in ctx.model.uses_of(binding):
        parent = use.parent
        if isinstance(parent, ast.Call) and id(parent) in vmap_calls and use.node in parent.args:
            continue
        if isinstance(parent, ast.Subscript) and parent.value is use.node \
                and isinstance(parent.ctx, ast.Load) \
                and not isinstance(ctx.model.parent.get(id(parent)), (ast.Attribute, ast.Subscript)):
            continue
        return False
    return True


def _mapped_leaves(ctx: Context, expr: ast.expr, entry: object, path: str,
                   argument: int) -> list[MappedAxis] | None:
    """The mapped array leaves of an argument in JAX's flattening order; None when the code
    does not show them all (or JAX raises something else first)."""
    if entry is None or isinstance(expr, ast.Constant) and expr.value is None:
        return []
    value = ctx.values.value(expr)
    if value.type in ("ArrayImpl", "ndarray") and value.aval is not None:
        return _array_leaf(value.aval, entry, path, argument)
    display = _display(ctx, expr)
    if isinstance(display, ast.Dict):
        keys = [k.value for k in display.keys]  # type: ignore[union-attr]
        if len(set(keys)) != len(keys):
            return None
        children = dict(zip(keys, display.values))
        if isinstance(entry, dict):
            if set(entry) != set(keys):
                return None
            entries = entry
        elif type(entry) is int:
            entries = dict.fromkeys(keys, entry)
        else:
            return None
        return _joined([_mapped_leaves(ctx, children[k], entries[k], f"{path}[{k!r}]", argument)
                        for k in sorted(keys)])
    if display is not None:
        elements = display.elts
        if isinstance(entry, (tuple, list)):
            if (type(entry) is tuple) != isinstance(display, ast.Tuple) or len(entry) != len(elements):
                return None
            element_entries = list(entry)
        elif type(entry) is int:
            element_entries = [entry] * len(elements)
        else:
            return None
        return _joined([_mapped_leaves(ctx, e, a, f"{path}[{i}]", argument)
                        for i, (e, a) in enumerate(zip(elements, element_entries))])
    return None


def _joined(parts: list[list[MappedAxis] | None]) -> list[MappedAxis] | None:
    if any(p is None for p in parts):
        return None
    return [leaf for part in parts for leaf in part or ()]


def _array_leaf(aval: Aval, entry: object, path: str, argument: int) -> list[MappedAxis] | None:
    if type(entry) is not int or aval.shape is None:
        return None
    rank = len(aval.shape)
    if not -rank <= entry < rank:
        return None  # JAX's rank error comes first
    return [MappedAxis(path, aval, entry, aval.shape[entry], argument)]


# ------------------------------------------------------------------------------ the message
def _parts(axes: list[MappedAxis], axis_size: int | None) -> list[tuple[str, str]] | None:
    """JAX's message as ("text", ...) / ("field", shown) parts; None when the sizes agree."""
    sizes = [a.size for a in axes]
    if len(set(sizes + ([axis_size] if axis_size is not None else []))) <= 1:
        return None
    parts: list[tuple[str, str]] = [("text", f"{NAME} got inconsistent sizes for array axes to be mapped:\n")]
    if axis_size is not None:
        parts.append(("text", f"  * the `axis_size` argument was {axis_size};\n"))
    for rank, (size, count) in enumerate(Counter(sizes).most_common()):
        example = next(a for a in axes if a.size == size)
        if count == 1:
            head = f"  * one axis had size {size}: axis {example.axis} of {example.path} of type "
        else:
            many = "most" if rank == 0 else "some"
            head = (f"  * {many} axes ({count} of them) had size {size}, e.g. axis "
                    f"{example.axis} of {example.path} of type ")
        parts.append(("text", head))
        if example.aval.dtype is None:
            parts.append(("field", str(example.aval)))
        else:
            parts.append(("text", str(example.aval)))
        parts.append(("text", ";\n"))
    parts[-1] = ("text", parts[-1][1][:-2])
    return parts


def _message(parts: list[tuple[str, str]]) -> tuple[str, str]:
    """(the message shown, the prediction: literal braces doubled, unknown types a field)."""
    shown = "".join(text for _, text in parts)
    predicted = "".join(as_template(text) if kind == "text"
                        else "{" + TYPE_FIELD + "}" for kind, text in parts)
    return shown, predicted


# ------------------------------------------------------------------------------ the check
def _axes_of_call(ctx: Context, vmap: Vmap, call: ast.Call, in_axes: object,
                  parameters: tuple[str, ...]) -> list[MappedAxis] | None:
    axes: list[MappedAxis] = []
    for i, argument in enumerate(call.args):
        entry = in_axes[i] if isinstance(in_axes, (tuple, list)) else in_axes
        leaves = _mapped_leaves(ctx, argument, entry, f"argument {parameters[i]}", i)
        if leaves is None:
            return None
        axes += leaves
    for keyword in sorted(call.keywords, key=lambda k: k.arg or ""):
        leaves = _mapped_leaves(ctx, keyword.value, 0, f"kwargs[{keyword.arg!r}]", -1)
        if leaves is None:
            return None
        axes += leaves
    return axes


def _axis_size(ctx: Context, vmap: Vmap) -> int | None | object:
    expr = vmap.option("axis_size")
    if expr is None or isinstance(expr, ast.Constant) and expr.value is None:
        return None
    value = literal(ctx, expr)
    return value if type(value) is int else ...


def _check_call(ctx: Context, vmap: Vmap, call: ast.Call) -> None:
    function = vmap.definition or vmap.method
    if function is None or any(isinstance(a, ast.Starred) for a in call.args) \
            or any(k.arg is None for k in call.keywords):
        return
    signature = Signature.of(function.args)
    if vmap.method is not None:  # (a bound method: JAX maps and names the parameters after `self`)
        if not signature.positional:
            return
        signature = signature.bound_to_instance()
    if len(call.args) > len(signature.positional) \
            or bind_arguments(signature, call.args, call.keywords) is None:
        return
    in_axes = checked_in_axes(ctx, vmap, len(call.args))
    axis_size = _axis_size(ctx, vmap)
    out_axes = vmap.option("out_axes")
    if in_axes is ... or axis_size is ... or out_axes is not None and bad_leaves(literal(ctx, out_axes)):
        return  # (a bad out_axes: JXE093 when the function is made)
    assert axis_size is None or isinstance(axis_size, int)
    axes = _axes_of_call(ctx, vmap, call, in_axes, signature.positional)
    if axes is None:
        return
    parts = _parts(axes, axis_size)
    if parts is None:
        return
    message, predicted = _message(parts)
    span = arguments_span(ctx, call)
    ctx.report(span, message=message, predicted=predicted,
               related=(Related(ctx.span(vmap.node), "the function is made by `jax.vmap` here"),),
               data=InconsistentSizes(_unmap_fixes(ctx, vmap, call, axes, axis_size, in_axes,
                                                   signature.positional)))


def check(ctx: Context) -> None:
    for vmap in vmaps(ctx):
        for call in vmap.calls:  # (in a helper: again with each call's arguments)
            in_followed_calls(ctx, call, lambda: _check_call(ctx, vmap, call))


# ------------------------------------------------------------------------------ the fix
def _unmap_fixes(ctx: Context, vmap: Vmap, call: ast.Call, axes: list[MappedAxis],
                 axis_size: int | None, in_axes: object,
                 parameters: tuple[str, ...]) -> list[UnmapFix]:
    """One fix per positional argument whose mapped axes alone have their size, when the
    other mapped axes then agree (with axis_size too)."""
    fixes = []
    for i in range(len(call.args)):
        own = {a.size for a in axes if a.argument == i}
        rest = [a for a in axes if a.argument != i]
        sizes = {a.size for a in rest} | ({axis_size} if axis_size is not None else set())
        if len(own) != 1 or not rest or len(sizes) != 1 or own & sizes:
            continue
        edit = _entry_edit(ctx, vmap, i, len(call.args), in_axes)
        if edit is not None:
            span, text = edit
            fixes.append(UnmapFix(f"Pass {parameters[i]} whole to every call (in_axes None)",
                                  span, text, _text(ctx, span)))
    return fixes


def _text(ctx: Context, span: Span) -> str:
    return text_of_span(ctx.parsed.lines, span)


def _entry_edit(ctx: Context, vmap: Vmap, index: int, count: int,
                in_axes: object) -> tuple[Span, str] | None:
    """Where and what to write so that entry `index` of in_axes is None."""
    expr = vmap.option("in_axes")
    if isinstance(expr, (ast.Tuple, ast.List)):
        return ctx.span(expr.elts[index]), "None"
    entries = ["None" if i == index else str(in_axes) for i in range(count)]
    text = "(" + ", ".join(entries) + ("," if count == 1 else "") + ")"
    if expr is not None:
        if type(in_axes) is not int:
            return None
        return ctx.span(expr), text
    node = vmap.node
    if vmap.decorated or not isinstance(node, ast.Call) or len(node.args) != 1 or node.keywords \
            or ctx.model.qualname(node.func) != "jax.vmap":
        return None
    end = ctx.span(node.args[0])
    return Span(end.end_line, end.end_column, end.end_line, end.end_column), f", in_axes={text}"


def fix(lines: Lines, finding: Finding) -> list[Fix]:
    from jaxerr_lsp.fixes.edits import Fix, TextEdit

    data = finding.data
    assert isinstance(data, InconsistentSizes)
    return [Fix(f.title, False,
                "The argument is passed whole to every call instead of sliced along its axis: "
                "right for values shared by the whole batch, wrong for a batch of another length.",
                (TextEdit(f.edit_span, f.edit_text),), "unmap-argument")
            for f in data.fixes if lines.text(f.edit_span) == f.original.replace("\n", lines.newline)]


RULE = Rule(
    code="JXE094",
    catalog_id="vmap-inconsistent-sizes",
    triggers=("vmap",),
    check=check,
    data=InconsistentSizes,
    fix=fix,
    fix_ids=("unmap-argument",),
)
