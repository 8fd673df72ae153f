"""JXE142 invalid-jax-type.

What it does: finds a value that is certainly not a valid JAX type (`families.jax_types`
`invalid_leaf`: a `str`/`bytes` literal or f-string, a builtin type or a plain class of the
file, a plain def or a lambda, an instance of a plain class of the file, alone or the one bad
leaf of a tuple, list or dict display, or a name bound once to one of those) where JAX turns
it into an abstract value, every other leaf there certainly valid:

- a differentiated argument of a call of a gradient function (`jax.grad`,
  `jax.value_and_grad`, `jax.jacrev`, `jax.jacobian`: `families.grad_checks`), every other
  differentiated argument certainly real or complex; JAX's `check_arg` words it
  "Argument '...' of type <class '...'> is not a valid JAX type.";
- the initial carry of `lax.fori_loop` (its bounds Python ints), `lax.while_loop`, or
  `lax.scan` (its `xs` certainly valid, or `None`); `core.typeof` words it "Argument '...' of
  type '<class '...'>' is not a valid JAX type" (a `str`: without the quotes around its type);
- an operand of a `jax.lax` function that binds the primitive of its own name (`lax.add`,
  `lax.sin`...): "Error interpreting argument to add as a JAX value. The problematic value is
  of type <class 'str'> and was passed to add at position 1.".

Why is this bad: JAX works on arrays; each leaf of what it is handed must have a shape and a
dtype. An object that is neither an array, a number nor a registered pytree makes it raise
TypeError before anything runs.

- what a function whose only transformation is `jax.jit` returns, run by a call the file
  shows, nothing before its `return` but a docstring, `pass` or plain nested defs (anything
  else may raise another error first): `return lambda v: v * scale`, `return "done"`;
  `_check_returned_jaxtypes` words it "function f at path:line traced for jit returned a value
  of type <class 'function'>, which is not a valid JAX type".

Silent: a class that may be a pytree (a decorator, a base or keyword the file does not show,
a registration), a value of unknown type, another argument that may fail first, `jax.numpy`
functions (they word it their own way), an invalid leaf inside a returned container.
The value's text is predicted for a `str` or a builtin type; an instance's or a function's
`repr` holds an address, and its type the module name the program runs as: shown.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from jaxerr_lsp.core.findings import Related, RuleData, Span
from jaxerr_lsp.engine.rule import Context, Rule, fill
from jaxerr_lsp.families.grad_checks import differentiated_arguments, first_rejected_leaf, gradient_calls
from jaxerr_lsp.families.expected_errors import caught_at
from jaxerr_lsp.families.jax_types import InvalidLeaf, invalid_leaf, known_valid

CATALOG_ID = "invalid-jax-type"
# jax.lax functions that bind the primitive of their own name on their positional operands
# (measured: `lax.add(x, "a")` -> "Error interpreting argument to add ... at position 1").
LAX_PRIMITIVES = frozenset("""
add sub mul div max min pow atan2 rem nextafter sin cos tan asin acos atan sinh cosh tanh exp
log log1p expm1 sqrt rsqrt cbrt neg abs sign floor ceil round is_finite exp2 logistic
""".split())
_BINARY = frozenset({"add", "sub", "mul", "div", "max", "min", "pow", "atan2", "rem", "nextafter"})


@dataclass(frozen=True)
class InvalidValue(RuleData):
    where: str  # "grad", "fori_loop", "while_loop", "scan", "lax"
    leaf: Span


def _template(function: str) -> str:
    from jaxerr_lsp.errors.catalog import load_catalog

    entry = load_catalog().get(CATALOG_ID)
    if function == "check_arg":
        return entry.message.strip()
    source = next(s for s in entry.sources if s.function == function)
    assert source.message is not None
    return source.message.strip()


def _report(ctx: Context, leaf: InvalidLeaf, function: str, values: dict[str, str],
            shown: dict[str, str], note: str, related: Span, words: str, where: str) -> None:
    if caught_at(ctx, leaf.node):
        return
    template = _template(function)
    message = fill(template, {**values, **shown})
    # Where the value comes from when a helper's parameter holds it (the calls that give it).
    given = f"`{leaf.function}` is given here" if leaf.function not in (None, "<lambda>") \
        else "the value is given here"
    sources = tuple(Related(ctx.span(node), given) for node in leaf.passed
                    if ctx.span(node).start_line != ctx.span(leaf.node).start_line)
    ctx.report(leaf.node, message=message, predicted=fill(template, values, escape=True),
               note=note, related=(Related(related, words), *sources),
               data=InvalidValue(where, ctx.span(leaf.node)))


def _shown_value(leaf: InvalidLeaf) -> str:
    """What JAX prints for a value whose `repr` holds an address."""
    if leaf.type_text == "<class 'function'>":
        return f"<function {leaf.function or '…'} at 0x…>"
    if leaf.type_text.startswith("<class '….") and leaf.type_text.endswith("'>"):
        return f"<….{leaf.type_text[10:-2]} object at 0x…>"
    return "…"


def _value_and_type(leaf: InvalidLeaf, value_key: str, type_key: str) -> tuple[dict[str, str], dict[str, str]]:
    """(predicted, shown) for the value and its type."""
    values: dict[str, str] = {}
    shown: dict[str, str] = {}
    if leaf.value_text is not None:
        values[value_key] = leaf.value_text
    else:
        shown[value_key] = _shown_value(leaf)
    if leaf.type_known and "…" not in leaf.type_text:
        values[type_key] = leaf.type_text
    else:
        shown[type_key] = leaf.type_text
    return values, shown


def _check_gradients(ctx: Context) -> None:
    for gradient in gradient_calls(ctx):
        arguments = differentiated_arguments(gradient)
        if arguments is None:
            continue
        found = [(argument, leaf) for _, argument in arguments
                 if (leaf := invalid_leaf(ctx, argument)) is not None]
        if len(found) != 1:
            continue
        argument, leaf = found[0]
        if any(other is not argument and first_rejected_leaf(ctx, other) is not True
               for _, other in arguments):
            continue
        values, shown = _value_and_type(leaf, "arg", "type(arg)")
        note = (f" (`{gradient.qualname.rsplit('.', 1)[1]}` differentiates this argument: pass the "
                "arrays themselves, or register its class as a pytree)")
        _report(ctx, leaf, "check_arg", values, shown, note, ctx.span(gradient.call),
                "the gradient function is called here", "grad")


def _typeof(ctx: Context, leaf: InvalidLeaf, site: ast.Call, name: str) -> None:
    if leaf.type_text == "<class 'str'>":
        function, value_key, type_key = "_str_abstractify", "x", "type(x)"
    else:
        function, value_key, type_key = "typeof", "x", "typ"
    values, shown = _value_and_type(leaf, value_key, type_key)
    note = f" (the initial carry of `lax.{name}` must be arrays, numbers or pytrees of them)"
    _report(ctx, leaf, function, values, shown, note, ctx.span(site), f"`lax.{name}` called here", name)


def _int_bound(ctx: Context, expr: ast.expr) -> bool:
    return type(ctx.values.constant(expr)) is int


def _check_loops(ctx: Context) -> None:
    for site in ctx.model.calls_to("jax.lax.fori_loop"):
        if site.complete and len(site.args) == 4 and not site.keywords \
                and _int_bound(ctx, site.args[0]) and _int_bound(ctx, site.args[1]):
            leaf = invalid_leaf(ctx, site.args[3])
            if leaf is not None and not leaf.text_array:
                _typeof(ctx, leaf, site.call, "fori_loop")
    for site in ctx.model.calls_to("jax.lax.while_loop"):
        if site.complete and len(site.args) == 3 and not site.keywords:
            leaf = invalid_leaf(ctx, site.args[2])
            if leaf is not None and not leaf.text_array:
                _typeof(ctx, leaf, site.call, "while_loop")
    for site in ctx.model.calls_to("jax.lax.scan"):
        if not site.complete or site.keywords or len(site.args) != 3:
            continue
        init, xs = site.args[1], site.args[2]
        if not (isinstance(xs, ast.Constant) and xs.value is None) and not known_valid(ctx, xs):
            continue
        leaf = invalid_leaf(ctx, init)
        if leaf is not None and not leaf.text_array:
            _typeof(ctx, leaf, site.call, "scan")


def _check_lax(ctx: Context) -> None:
    for name in sorted(LAX_PRIMITIVES):
        for site in ctx.model.calls_to(f"jax.lax.{name}"):
            arity = 2 if name in _BINARY else 1
            if not site.complete or site.keywords or len(site.args) != arity \
                    or any(isinstance(a, ast.Starred) for a in site.args):
                continue
            found = [(i, leaf) for i, a in enumerate(site.args)
                     if not isinstance(a, (ast.Tuple, ast.List, ast.Dict))
                     and (leaf := invalid_leaf(ctx, a)) is not None and not leaf.path]
            if len(found) != 1:
                continue
            position, leaf = found[0]
            if not all(known_valid(ctx, a) for i, a in enumerate(site.args) if i != position):
                continue
            values = {"self": name, "i": str(position)}
            shown: dict[str, str] = {}
            if leaf.type_known and "…" not in leaf.type_text:
                values["type(arg)"] = leaf.type_text
            else:
                shown["type(arg)"] = leaf.type_text
            note = f" (`lax.{name}` takes arrays and numbers)"
            _report(ctx, leaf, "Primitive.bind", values, shown, note, ctx.span(site.call),
                    f"`lax.{name}` called here", "lax")


def _returned(ctx: Context, function: ast.AST) -> ast.expr | None:
    """What a def or lambda returns with nothing before that may raise: a lambda's body, or
    the value of a def's `return` preceded only by a docstring, `pass` or plain nested defs
    (any computation before it may raise another error first: a traced shape, a mismatch)."""
    if isinstance(function, ast.Lambda):
        return function.body
    if not isinstance(function, ast.FunctionDef) or not isinstance(function.body[-1], ast.Return):
        return None
    for statement in function.body[:-1]:
        if isinstance(statement, ast.Pass) or isinstance(statement, ast.Expr) \
                and isinstance(statement.value, ast.Constant):
            continue
        if isinstance(statement, ast.FunctionDef) and not statement.decorator_list \
                and not statement.args.defaults and not statement.args.kw_defaults:
            continue
        return None
    return function.body[-1].value


def _check_returns(ctx: Context) -> None:
    """A function whose only transformation is jit, run by a call the file shows, returning
    a value that is no JAX type (JAX checks each output after tracing)."""
    tracing = ctx.tracing
    for traced in tracing.functions:
        if len(traced.transforms) != 1 or traced.transforms[0].qualname != "jax.jit" or traced.elsewhere:
            continue
        runs = sorted(tracing.applications.runs(traced), key=lambda c: (c.lineno, c.col_offset))
        value = _returned(ctx, traced.function)
        leaf = invalid_leaf(ctx, value) if value is not None and runs else None
        if leaf is None or leaf.node is not value or leaf.path:
            continue  # (a leaf of a returned container: JAX's message then names its path)
        function = traced.function
        decorators = getattr(function, "decorator_list", [])
        line = decorators[0].lineno if decorators else function.lineno  # type: ignore[attr-defined]
        values = {"dbg.func_src_info": f"{traced.name} at {ctx.path}:{line}", "dbg.traced_for": "jit",
                  "extra": ""}
        shown: dict[str, str] = {}
        if leaf.type_known and "…" not in leaf.type_text:
            values["type(x)"] = leaf.type_text
        else:
            shown["type(x)"] = leaf.type_text
        note = (f" (`{traced.name}` is traced by jax.jit, whose outputs must be arrays, numbers or "
                "pytrees of them: return the function or text from a plain Python function instead)")
        _report(ctx, leaf, "_check_returned_jaxtypes", values, shown, note, ctx.span(runs[0]),
                f"`{traced.name}` is traced by jax.jit when this call runs it", "return")


def check(ctx: Context) -> None:
    _check_gradients(ctx)
    _check_loops(ctx)
    _check_lax(ctx)
    _check_returns(ctx)


RULE = Rule(
    code="JXE142",
    catalog_id=CATALOG_ID,
    triggers=("grad", "jacrev", "jacobian", "fori_loop", "while_loop", "scan", "lax.", "jit"),
    check=check,
    data=InvalidValue,
)
