"""JXE080 array-item-assignment.

What it does: finds item assignment on a JAX array: `x[i] = v`, `x[i] += v`, `x[1:] = v`,
`x[...] = v` (also as one target of a multiple or unpacking assignment), where `x` is a name
the code certainly binds to a JAX array. The binding that reaches the statement is its one
binding, or the last assignment before it in straight-line code of the same scope with no
binding after it (`x = jnp.asarray(x)` after the parameter `x`); its value is a `jax.numpy`,
`jax.lax`, `jax.nn`, `jax.random` or `jax.scipy.special` function that returns one array, an
`.at[...]` update, an array method of such an array, arithmetic of such an array with a number
or an array, or an element of it (`jaxerr_lsp.families.jax_arrays`).

Also `d["w"][i] = v` / `xs[0][i] = v`: the entry of a dict or list display (by a constant key
or index) that certainly holds a JAX array there, the container's slots unchanged since the
display built it (`ModuleModel.unchanged_at`: no store to it or an entry, no method that
changes it, no call it escapes into, no alias can run in between). No fix is offered there.

Never flagged: a `Ref` (`jax.new_ref`: `r[...] = v` is legal), a NumPy array (`np.zeros`, and
arithmetic or methods of one), a list, a dict, a parameter (unknown type), an attribute
(`self.x[i] = v`), a name whose binding may be another (in a branch, later in a loop, in
another function through `global`), a name unpacked from a value whose element there is not
certainly a JAX array (`a, b = pair(4)` is flagged when the helper `pair` returns a tuple
display whose element is one), a function of JAX that may
return a tuple (`jnp.where(c)`, `jax.lax.sort((a, b))`, `jnp.atleast_1d(a, b)`,
`logsumexp(..., return_sign=True)`) or its argument (`jax.lax.stop_gradient(tree)`), and the
`.at` helper itself (`x.at[i] = v` fails with Python's own message, not JAX's).

In traced code (`ctx.tracing`) also a name that is certainly one traced array: a parameter
annotated as an array (`x: jax.Array`), arithmetic that no pytree supports on a traced
parameter, a `jnp` function of one; never a parameter that may be a pytree (a dict may take
item assignment), never a call that may return a tuple or pytree (`jax.lax.stop_gradient(tree)`).
Code in a `try` with handlers is left out (it expects the error).

Why is this bad: JAX arrays are immutable; their `__setitem__` raises TypeError eagerly and
under every transformation (traced values forward to the same function).

Fix: rebind the name to an updated copy, `x = x.at[i].set(v)`; for `+=`, `-=`, `*=`, `/=`,
`**=` the matching `.add`, `.subtract`, `.multiply`, `.divide`, `.power` (no fix for `//=`,
`%=`, `@=` and the bitwise operators: `.at[]` has no such method). Offered only when the
statement is in the scope that binds the name (elsewhere the rebinding would make it local).
Safe when nothing else can see the old array: the assignment reaching the statement gives a
freshly created array in that scope and every other use of the name there only reads it; the `.set`
rewrite evaluates the index before the value, so not both may call functions; in traced code
it needs a basic index (a boolean mask in `.at[]` fails under jit); an update other than `.set`
needs a basic index (integer constants, slices, `...`, `None`: an integer index
array may repeat an entry, which `.add` applies every time, in-place `+=` once) and is never
safe for `/=` (`.divide` makes an integer array float).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.core.findings import Finding, Related, RuleData, Span
from jaxerr_lsp.families.jax_arrays import jax_array_origin, reaching_assignment
from jaxerr_lsp.analysis.followed_calls import runs_whenever_called
from jaxerr_lsp.analysis.model import ASSIGN, UNPACK, Binding, Use
from jaxerr_lsp.engine.rule import Context, Rule, shorten
from jaxerr_lsp.analysis.tracing import TracedFunction, Tracer
from jaxerr_lsp.analysis.values import array_type_of_call, returns_one_array

if TYPE_CHECKING:
    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.text import Lines

# The .at[] method for each augmented operator (JAX 0.12 has no floordiv, mod, matmul...).
AT_METHOD_OF_OPERATOR: dict[type, str] = {
    ast.Add: "add", ast.Sub: "subtract", ast.Mult: "multiply", ast.Div: "divide", ast.Pow: "power"}

# Functions whose result is a new array nothing else refers to (no view of another array).
_FRESH_JNP = frozenset("""
zeros ones empty full zeros_like ones_like empty_like full_like arange linspace logspace eye
identity array
""".split())
_FRESH_RANDOM = frozenset(
    "normal uniform bernoulli randint categorical truncated_normal permutation".split())
_AT_METHODS = frozenset("set add subtract multiply mul divide power min max apply get".split())
# Uses that read the array and keep nothing that shares its data (NumPy's sense: a view).
_READ_ATTRIBUTES = frozenset({"shape", "dtype", "ndim", "size", "at"})
_READ_METHODS = frozenset(
    "sum mean max min prod std var any all item tolist argmax argmin".split())
_READ_CALLS = frozenset({
    "builtins.print", "builtins.len", "builtins.float", "builtins.int", "builtins.bool",
    "builtins.str", "builtins.repr", "builtins.complex",
    *(f"jax.numpy.{name}" for name in (
        "sum mean max min prod std var any all argmax argmin allclose array_equal isclose dot "
        "vdot matmul inner outer linalg.norm").split())})
_ARITHMETIC_PARENTS = (ast.BinOp, ast.Compare)


@dataclass(frozen=True)
class ItemAssignment(RuleData):
    target_span: Span  # the subscript assigned to: x[i]
    name: str  # x
    method: str  # the .at[] method of the rewrite; "" when none applies
    safe: bool
    why: str  # what the rewrite changes


def check(ctx: Context) -> None:
    reported: set[int] = set()
    for target in ctx.model.subscript_stores:
        base = target.value
        use = ctx.model.use_of.get(id(base)) if type(base) is ast.Name else None
        if use is not None and (_check_bound_array(ctx, target, use) or _check_given(ctx, target, use)):
            reported.add(id(target))
        elif type(base) is ast.Subscript and _check_entry(ctx, target, base):
            reported.add(id(target))
        elif type(base) is ast.Attribute and _check_attribute(ctx, target, base):
            reported.add(id(target))
    if ctx.model.functions:
        _check_traced(ctx, reported)


def _check_bound_array(ctx: Context, target: ast.Subscript, use: Use) -> bool:
    """`x[i] = v` where the assignment reaching the statement gives `x` a JAX array (eagerly
    or in traced code)."""
    base = use.node
    binding = reaching_assignment(ctx, base)
    if binding is None or binding.value is None:
        return False
    # `a, b = pair(4)`: the element the name receives is the array, not the whole value
    origin = jax_array_origin(ctx, base if binding.kind == UNPACK else binding.value)
    if origin is None or _inside_try_with_handlers(ctx, use):
        return False
    made = binding.value
    note = (f"\n`{base.id}` holds a JAX array (from `{shorten(ctx.segment(made))}`); rebind "
            f"it to an updated copy with `{base.id}.at[...]`.")
    related = (Related(ctx.span(made), f"`{base.id}` is bound to a JAX array ({origin}) here"),)
    ctx.report(target, note=note, related=related, data=_plan(ctx, target, use, binding))
    return True


def _check_given(ctx: Context, target: ast.Subscript, use: Use) -> bool:
    """`x[i] = v` where `x` reads a parameter that every call of its def gives a JAX array
    (`Inference.given_value`: `reset(state, 2)` with `state = jnp.zeros(5)`), the statement
    running whenever the def runs (no branch that may test what `x` is)."""
    base = use.node
    given = ctx.values.given_value(base)
    if given is None or given[0].jax_array is None or given[0].type != "ArrayImpl" \
            or _inside_try_with_handlers(ctx, use):
        return False
    parameter = ctx.model.read_binding(base)
    function = parameter.scope.node if parameter is not None else None
    if not isinstance(function, ast.FunctionDef) or not runs_whenever_called(ctx.model, function, target):
        return False
    note = (f"\n`{base.id}` holds a JAX array (every call gives it one); store an updated copy "
            f"instead: `{base.id} = {base.id}.at[...].set(...)`, and return it.")
    related = (Related(ctx.span(given[1]), f"`{base.id}` is given a JAX array here"),)
    ctx.report(target, note=note, related=related,
               data=ItemAssignment(ctx.span(target), base.id, "", False, ""))
    return True


def _check_entry(ctx: Context, target: ast.Subscript, base: ast.Subscript) -> bool:
    """`d["w"][i] = v` / `xs[0][i] = v`: the entry of a dict or list display that certainly
    holds a JAX array there (the container unchanged since it was built)."""
    return _check_held(ctx, target, base, "")


def _check_attribute(ctx: Context, target: ast.Subscript, base: ast.Attribute) -> bool:
    """`self.cells[i] = v`: an attribute every store of which the file shows gives a JAX
    array (`Inference` of `self.cells`: the stores on the class and its instances)."""
    return _check_held(ctx, target, base, f", every store of `.{base.attr}` the file shows")


def _check_held(ctx: Context, target: ast.Subscript, base: ast.Subscript | ast.Attribute,
                how: str) -> bool:
    """`base[i] = v` where `base` (read from a name) certainly holds a JAX array."""
    origin = jax_array_origin(ctx, base)
    holder = base.value
    use = ctx.model.use_of.get(id(holder)) if type(holder) is ast.Name else None
    if origin is None or use is None or _inside_try_with_handlers(ctx, use):
        return False
    shown = shorten(ctx.segment(base))
    note = (f"\n`{shown}` holds a JAX array ({origin}{how}); store an updated copy instead: "
            f"`{shown} = {shown}.at[...].set(...)`.")
    ctx.report(target, note=note, data=ItemAssignment(ctx.span(target), use.node.id, "", False, ""))
    return True


def _check_traced(ctx: Context, reported: set[int]) -> None:
    """`x[i] = v` in traced code where `x` is certainly one traced array (a parameter
    annotated as an array, arithmetic on a traced parameter, a `jnp` result of one); never a
    parameter that may be a pytree, never a Ref."""
    for target, _value, traced in ctx.tracing.stores:
        if type(target) is not ast.Subscript or id(target) in reported \
                or not isinstance(target.value, ast.Name):
            continue
        base = target.value
        use = ctx.model.use_of.get(id(base))
        tracer = ctx.tracing.tracer(base)
        if use is None or tracer is None or not tracer.array \
                or ctx.values.value(base).type == "Ref" or _maybe_not_one_array(ctx, base) \
                or _inside_try_with_handlers(ctx, use):
            continue
        transform = tracer.transform
        note = (f"\n`{base.id}` {_traced_origin(base.id, tracer, traced)}: a traced JAX array; "
                f"rebind it to an updated copy with `{base.id}.at[...]`.")
        related = (Related(ctx.span(transform.site),
                           f"`{tracer.function.name}` is traced by `{transform.qualname}` here"),)
        binding = reaching_assignment(ctx, base)
        ctx.report(target, note=note, related=related, data=_plan(ctx, target, use, binding))
        reported.add(id(target))


def _maybe_not_one_array(ctx: Context, base: ast.Name) -> bool:
    """`x = jnp.where(c)`, `x = jax.lax.stop_gradient(tree)`...: calls the tracing model takes
    for one array but that may return a tuple or a pytree."""
    binding = reaching_assignment(ctx, base)
    value = binding.value if binding is not None else None
    if not isinstance(value, ast.Call) or array_type_of_call(ctx.model, value) is None:
        return False

    def traced_array(expr: ast.expr) -> bool:
        tracer = ctx.tracing.tracer(expr)
        return tracer is not None and tracer.array

    return not returns_one_array(ctx.model, value, traced_array)


def _inside_try_with_handlers(ctx: Context, use: Use) -> bool:
    """Whether the statement holding `use` is in the body of a `try` with handlers (code that
    expects an error), in the use's own scope."""
    return any(arm == 0 and isinstance(node, (ast.Try, ast.TryStar)) and bool(node.handlers)
               for node, arm in ctx.model.branches_of(use))


def _traced_origin(name: str, tracer: Tracer, traced: TracedFunction) -> str:
    by = f"traced by `{tracer.transform.qualname}`"
    if tracer.parameter == name and tracer.function is traced:
        return f"is a parameter of `{traced.name}`, {by}"
    if tracer.parameter:
        return f"is computed from the parameter `{tracer.parameter}` of `{tracer.function.name}`, {by}"
    return f"is computed in `{traced.name}`, {by}"


# ----------------------------------------------------------------------------- the rewrite
def _plan(ctx: Context, target: ast.Subscript, use: Use, binding: Binding | None) -> ItemAssignment:
    """What the fix does for this statement, and whether it keeps the program's meaning."""
    name = use.node.id
    span = ctx.span(target)
    statement = ctx.model.parent.get(id(target))
    method = _method(statement, target)
    in_own_scope = ctx.model.resolve_scope(name, use.scope) is use.scope
    if not method or not in_own_scope or name in use.scope.global_names \
            or name in use.scope.nonlocal_names:
        return ItemAssignment(span, name, "", False, "")
    assert isinstance(statement, (ast.Assign, ast.AugAssign))
    why = _unsafe_reason(ctx, statement, target, use, binding, method)
    if why:
        return ItemAssignment(span, name, method, False, why)
    return ItemAssignment(span, name, method, True, (
        f"`{name}` holds a new array that no other name or view refers to (every other use of "
        f"`{name}` in this scope only reads it), so rebinding it to the updated copy leaves the "
        "program where the in-place update would have."))


def _method(statement: ast.AST | None, target: ast.Subscript) -> str:
    if isinstance(statement, ast.Assign) and len(statement.targets) == 1 \
            and statement.targets[0] is target:
        return "set"
    if isinstance(statement, ast.AugAssign) and statement.target is target:
        return AT_METHOD_OF_OPERATOR.get(type(statement.op), "")
    return ""


def _unsafe_reason(ctx: Context, statement: ast.Assign | ast.AugAssign, target: ast.Subscript,
                   use: Use, binding: Binding | None, method: str) -> str:
    """Why the rewrite may change what the program does ("" when it cannot)."""
    name = use.node.id
    if binding is not None and binding.kind == UNPACK:
        return (f"`{name}` is bound by unpacking: another name may hold the same array, which "
                "keeps the old elements after the rebinding.")
    if binding is None or binding.kind != ASSIGN:
        only = ctx.model.sole_binding(name, use.scope)
        if only is not None and isinstance(only.node, ast.arg):
            return (f"`{name}` is a parameter: rebinding it leaves the caller's array unchanged, "
                    "where an in-place update would have changed it.")
        return (f"`{name}` is bound more than once: another name or an earlier binding may hold "
                "the old array, which keeps the old elements after the rebinding.")
    made = binding.value
    if made is None or not _fresh(ctx, made):
        shown = f" (it is bound to `{shorten(ctx.segment(made), 40)}`)" if made is not None else ""
        return (f"`{name}` may share its array with another value{shown}, which keeps the old "
                "elements after the rebinding.")
    holder = next((u for u in ctx.model.uses_of(binding)
                   if u is not use and not _only_reads(ctx, u, binding)), None)
    if holder is not None:
        return (f"`{name}` is also used on line {holder.node.lineno} in a way that may keep the "
                "old array (an alias, a view, a container, a call); that value keeps the old "
                "elements after the rebinding.")
    if method == "set" and _calls(ctx, target.slice) and _calls(ctx, statement.value):
        return ("The index and the value both call functions: the rewrite evaluates the index "
                "first, the assignment evaluated the value first.")
    if method == "set" and not _basic_index(target.slice) and _traced_code(ctx, target):
        return ("In traced code an `.at[]` update with a boolean mask index fails (its size is "
                "not static); the rewrite is right only if the index is not a mask (else use "
                "`jnp.where`).")
    if method != "set" and not _basic_index(target.slice):
        return (f"If the index is an integer array with a repeated entry, `.{method}` applies "
                "the update once per repeat, where the in-place operator applies it once.")
    if method == "divide":
        return ("For an integer array `.divide` returns a float array, where in-place division "
                "keeps the integer dtype.")
    return ""


def _traced_code(ctx: Context, target: ast.Subscript) -> bool:
    """Whether the statement is in a function the file shows traced."""
    return bool(ctx.model.functions) and ctx.tracing.enclosing(target) is not None


def _fresh(ctx: Context, value: ast.expr | None) -> bool:
    """A new array no other name can refer to: a creation function, a random draw, an
    `.at[]` update or arithmetic (a copy, in NumPy's sense too)."""
    if isinstance(value, ast.BinOp):
        return True
    if not isinstance(value, ast.Call):
        return False
    function = value.func
    if isinstance(function, ast.Attribute) and function.attr in _AT_METHODS \
            and isinstance(function.value, ast.Subscript) \
            and isinstance(function.value.value, ast.Attribute) \
            and function.value.value.attr == "at":
        return True
    qualname = ctx.model.qualname(function) or ""
    if qualname.startswith("jax.numpy."):
        return qualname[len("jax.numpy."):] in _FRESH_JNP and not any(
            k.arg == "copy" for k in value.keywords)
    if qualname.startswith("jax.random."):
        return qualname[len("jax.random."):] in _FRESH_RANDOM
    return False


def _only_reads(ctx: Context, use: Use, binding: Binding) -> bool:
    """A use in the binding's scope that keeps nothing sharing the array's data: another item
    assignment, `.shape`, `.at[...]`, a reduction, arithmetic, a return, printing."""
    if use.scope is not binding.scope:
        return False  # a closure or another function: it may run at any point
    parent = use.parent
    node = use.node
    if isinstance(parent, ast.Subscript) and parent.value is node:
        if isinstance(parent.ctx, ast.Store):
            return True
        if isinstance(parent.ctx, ast.Del):
            return False
        return _consumed(ctx, parent)  # x[i] may be a view (NumPy): only if used up at once
    if isinstance(parent, ast.Attribute) and parent.value is node:
        if parent.attr in _READ_ATTRIBUTES:
            return True
        call = ctx.model.parent.get(id(parent))
        return parent.attr in _READ_METHODS and isinstance(call, ast.Call) and call.func is parent
    return _consumed(ctx, node, parent)


def _consumed(ctx: Context, node: ast.expr, parent: ast.AST | None = None) -> bool:
    """`node`'s value is used up where it stands: an operand of arithmetic or a comparison,
    returned, an argument of a function that only reads it."""
    if parent is None:
        parent = ctx.model.parent.get(id(node))
    if isinstance(parent, _ARITHMETIC_PARENTS) or (
            isinstance(parent, ast.UnaryOp) and not isinstance(parent.op, ast.UAdd)):
        return True
    if isinstance(parent, ast.Return):
        return True
    if isinstance(parent, (ast.Assign, ast.AugAssign)) and parent.value is node:
        targets = parent.targets if isinstance(parent, ast.Assign) else [parent.target]
        return all(isinstance(t, ast.Subscript) for t in targets)  # copied into another array
    if isinstance(parent, ast.Call) and node in parent.args:
        return ctx.model.qualname(parent.func) in _READ_CALLS
    return False


def _calls(ctx: Context, expr: ast.expr) -> bool:
    """Whether evaluating `expr` may run code with effects (a call, an await, a walrus)."""
    return bool(ctx.model.nodes_in(expr, (ast.Call, ast.Await, ast.NamedExpr, ast.Yield,
                                          ast.YieldFrom)))


def _basic_index(index: ast.expr) -> bool:
    """Integer constants, slices, `...` and `None`: an index that cannot repeat an element."""
    parts = index.elts if isinstance(index, ast.Tuple) else [index]
    return all(_basic_part(p) for p in parts)


def _basic_part(part: ast.expr) -> bool:
    if isinstance(part, ast.Slice):
        return True
    if isinstance(part, ast.UnaryOp) and isinstance(part.op, ast.USub):
        part = part.operand
    return isinstance(part, ast.Constant) and (
        type(part.value) is int or part.value is None or part.value is Ellipsis)


# ----------------------------------------------------------------------------- the fix
def fix(lines: Lines, finding: Finding) -> list[Fix]:
    import libcst as cst

    from jaxerr_lsp.fixes.edits import Fix
    from jaxerr_lsp.fixes.nodes import parenthesized, preview_of
    from jaxerr_lsp.fixes.statement import doc_for

    data = finding.data
    assert isinstance(data, ItemAssignment)
    if not data.method:
        return []
    doc = doc_for(lines, data.target_span)
    if doc is None:
        return []
    statement = doc.enclosing(data.target_span, (cst.Assign, cst.AugAssign), lambda n: True)
    target = doc.expression(data.target_span)
    if statement is None or not isinstance(target, cst.Subscript) \
            or not isinstance(target.value, cst.Name) or target.value.value != data.name:
        return []
    if isinstance(statement, cst.Assign):
        if len(statement.targets) != 1 or statement.targets[0].target is not target:
            return []
    elif statement.target is not target:
        return []
    at = cst.Subscript(value=cst.Attribute(value=cst.Name(data.name), attr=cst.Name("at")),
                       slice=target.slice, lbracket=target.lbracket, rbracket=target.rbracket)
    update = cst.Call(func=cst.Attribute(value=at, attr=cst.Name(data.method)),
                      args=[cst.Arg(value=parenthesized(statement.value))])
    rewritten = cst.Assign(targets=[cst.AssignTarget(target=cst.Name(data.name))], value=update,
                           semicolon=statement.semicolon)
    edit = doc.edit({id(statement): lambda _: rewritten})
    if edit is None:
        return []
    fix_id = "at-set" if data.method == "set" else "at-update"
    title = f"Rebind to an updated copy: {data.name} = {preview_of(update)}"
    return [Fix(title, data.safe, data.why or _UNSAFE_DEFAULT, (edit,), fix_id)]


_UNSAFE_DEFAULT = "The rewrite rebinds the name; other references keep the old array."


RULE = Rule(
    code="JXE080",
    catalog_id="array-item-assignment",
    triggers=("jax",),
    check=check,
    data=ItemAssignment,
    fix=fix,
    fix_ids=("at-set", "at-update"),
)
