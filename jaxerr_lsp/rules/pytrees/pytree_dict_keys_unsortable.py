"""JXE146 pytree-dict-keys-unsortable.

What it does: finds a plain `dict` whose keys the code shows as constants of two kinds Python
cannot order against each other (a number and a string, `None` and anything else, `bytes` and
`str`), given where JAX certainly flattens it as a pytree:

- the tree of a `jax.tree.*` / `jax.tree_util.tree_*` function that flattens it first
  (`leaves`, `flatten`, `structure`, `map`, `reduce`, `all` and their `_with_path` forms),
  when no `is_leaf` is given (it may make the dict a leaf);
- an argument a call of the file hands a function for tracing (`ctx.tracing.applications`):
  a non-static argument of a jitted (checkpointed, `make_jaxpr`'d, `eval_shape`'d) function,
  the carry of `lax.scan`/`lax.while_loop`, the carry of `lax.fori_loop` with two Python
  ints for bounds, the operands of `lax.cond`/`lax.switch` with a scalar bool or int
  predicate (JAX checks bounds and predicate before it flattens);
- an argument of a call of `jax.vmap(f)` (a function of the file) whose `in_axes` and
  `out_axes` are ints or None written out (a tuple is checked against the arguments first);

the dict itself, or an entry of a tuple, list or dict display given there. It stays silent
where jit may be off (`jax.disable_jit`: jitted functions then flatten nothing), inside a
`try` with handlers, for an `OrderedDict`/`defaultdict` or any other mapping, a dict with a
computed or `**`-spread key, a dict changed after it was built (`del d[1]`), keys of any other
type (a tuple, a complex number), and mixed numbers (`{1: a, 2.5: b, True: c}` sorts).

Why is this bad: JAX flattens a dict in the order of its sorted keys; with two keys Python
cannot compare, every comparison sort has to compare them, so `<` raises TypeError and JAX
re-raises it as this ValueError before anything runs.

No fix: an `OrderedDict` of the same items would flatten in insertion order, but the result
of a transformation or `jax.tree.map` is then an `OrderedDict`, not a dict; string keys would
change every lookup. The explanation gives both.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from jaxerr_lsp.analysis.applications import LAX, TRACING_ALL, Application
from jaxerr_lsp.core.findings import Related, RuleData, Span
from jaxerr_lsp.engine.rule import Context, Rule

# The jax.tree functions that flatten their tree before anything else: the tree's position,
# and how many positional arguments leave `is_leaf` out (None: it is keyword-only).
_ONE_TREE = ("all", "flatten", "flatten_with_path", "leaves", "leaves_with_path", "structure")
_TREE_FUNCTIONS: dict[str, tuple[int, int | None]] = {
    **{f"jax.tree.{name}": (0, 1) for name in _ONE_TREE},
    **{f"jax.tree_util.tree_{name}": (0, 1) for name in _ONE_TREE},
    **{name: (1, None) for name in ("jax.tree.map", "jax.tree.map_with_path",
                                     "jax.tree_util.tree_map", "jax.tree_util.tree_map_with_path")},
    **{name: (1, 3) for name in ("jax.tree.reduce", "jax.tree_util.tree_reduce")},
}
# The transformations whose calls flatten every argument they trace, first thing.
_FLATTENING = TRACING_ALL | {"jax.eval_shape"}
# Kinds of keys Python orders among themselves and never against another kind.
_KINDS = {bool: "number", int: "number", float: "number", str: "str", bytes: "bytes",
          type(None): "None"}
_MAX_DEPTH = 4


@dataclass(frozen=True)
class UnsortableKeys(RuleData):
    dict_span: Span | None  # the dict display, when the code shows where it is made
    keys: tuple[str, ...]  # two keys Python cannot compare, as `repr` writes them


def _clash(keys: tuple[object, ...]) -> tuple[object, object] | None:
    """Two keys of kinds Python cannot order, when every key is of a known kind."""
    firsts: dict[str, object] = {}
    for key in keys:
        kind = _KINDS.get(type(key))
        if kind is None:
            return None  # a tuple, a complex number...: not judged
        firsts.setdefault(kind, key)
    if len(firsts) < 2:
        return None
    first, second = list(firsts.values())[:2]
    return first, second


def _unsortable(ctx: Context, expr: ast.expr, depth: int = 0) -> tuple[ast.expr, tuple[object, object]] | None:
    """The expression of a dict `expr` certainly holds, or holds in a tuple, list or dict
    display JAX walks into, whose keys JAX cannot sort; with two keys that clash."""
    if depth > _MAX_DEPTH or isinstance(expr, ast.Starred):
        return None
    value = ctx.values.value(expr)
    # Where the tree is flattened, the dict a name holds there (`dict_keys`: also when it is
    # changed later); inside a display, what it holds wherever it is read (`Value.keys`: the
    # display may be flattened after the dict changed).
    keys = ctx.values.dict_keys(expr) if depth == 0 else value.keys
    clash = _clash(keys) if keys is not None else None
    if clash is not None:
        return expr, clash
    children: tuple[ast.expr, ...] = ()
    if value.type == "dict" and value.entries is not None:
        children = tuple(e for _, e in value.entries)
    elif value.type in ("tuple", "list") and value.elements is not None:
        children = value.elements
    for child in children:
        found = _unsortable(ctx, child, depth + 1)
        if found is not None:
            return found
    return None


def _display(ctx: Context, expr: ast.expr) -> ast.expr | None:
    """The dict display (or `dict(...)` call) a name certainly holds, through its bindings."""
    for _ in range(8):
        if not isinstance(expr, ast.Name):
            break
        value = ctx.model.assigned_value(expr)
        if value is None:
            return None
        expr = value
    if isinstance(expr, ast.Dict) or isinstance(expr, ast.Call) \
            and ctx.model.qualname(expr.func) == "builtins.dict":
        return expr
    return None


def _report(ctx: Context, argument: ast.expr, where: str, done: set[int]) -> None:
    if id(argument) in done:
        return  # (`lax.cond(p, f, g, d)`: one application per branch)
    done.add(id(argument))
    found = _unsortable(ctx, argument)
    if found is None:
        return
    held, (first, second) = found
    display = _display(ctx, held)
    related: tuple[Related, ...] = ()
    if display is not None and display is not argument:
        related = (Related(ctx.span(display), "the dict whose keys JAX cannot sort"),)
    inner = "" if held is argument else " holds a dict that"
    ctx.report(
        argument,
        data=UnsortableKeys(ctx.span(display) if display is not None else None,
                            (repr(first), repr(second))),
        note=(f" (this {where}{inner} mixes the keys {first!r} and {second!r}: JAX flattens a "
              f"dict in sorted key order, and Python cannot compare {type(first).__name__} "
              f"with {type(second).__name__})"),
        related=related)


def _tree_calls(ctx: Context, done: set[int]) -> None:
    for qualname, (position, most) in _TREE_FUNCTIONS.items():
        for site in ctx.model.calls_to(qualname):
            if not site.complete or len(site.args) <= position \
                    or most is not None and len(site.args) > most \
                    or any(isinstance(a, ast.Starred) for a in site.args[:position + 1]) \
                    or any(k.arg is None or k.arg == "is_leaf" and not (
                        isinstance(k.value, ast.Constant) and k.value.value is None)
                        for k in site.keywords) \
                    or ctx.tracing.applications.guarded(site.call):
                continue
            _report(ctx, site.args[position], f"tree given to `{qualname}`", done)


def _checked_first(ctx: Context, application: Application) -> bool:
    """Whether what a lax function checks before flattening its operands certainly passes."""
    qualname = application.transform.qualname
    if qualname in ("jax.lax.scan", "jax.lax.while_loop"):
        return True
    site = ctx.model.call_site(application.call)
    if site is None:
        return False
    if qualname == "jax.lax.fori_loop":  # bounds of one type (two Python ints)
        return all(ctx.values.value(bound).type == "int" for bound in site.args[:2])
    if qualname in ("jax.lax.cond", "jax.lax.switch") and site.args:
        aval = ctx.values.value(site.args[0]).aval
        kinds = "biu" if qualname == "jax.lax.cond" else "iu"
        return aval is not None and aval.shape == () and aval.kind is not None and aval.kind in kinds
    return False


def _applications(ctx: Context, done: set[int]) -> None:
    tracing = ctx.tracing
    for traced in tracing.functions:
        for application in tracing.applications.of(traced):
            qualname = application.transform.qualname
            if qualname not in _FLATTENING and qualname not in LAX:
                continue
            if tracing.applications.guarded(application.call) or tracing.jit_off_at(application.call) \
                    or qualname in LAX and not _checked_first(ctx, application):
                continue
            for name, argument in application.traced_arguments():
                where = (f"argument `{name}` of `{traced.name}`, traced by `{qualname}`,"
                         if qualname not in LAX else f"operand `{name}` of `{qualname}`")
                _report(ctx, argument, where, done)


def _axes_known_good(ctx: Context, expr: ast.expr) -> bool:
    """An int or None written out: what vmap accepts for every argument, whatever it is."""
    return isinstance(expr, ast.Constant) and (expr.value is None or type(expr.value) is int)


def _vmapped_calls(ctx: Context, done: set[int]) -> None:
    """`jax.vmap(f)(...)`, `g = jax.vmap(f, in_axes=0)` ... `g(...)`: with `in_axes` an int or
    None (a tuple is checked against the arguments first), every argument is flattened."""
    for site in ctx.model.calls_to("jax.vmap"):
        if not site.complete or not site.args or len(site.args) > 3 \
                or any(isinstance(a, ast.Starred) for a in site.args) \
                or ctx.model.function_of(site.args[0]) is None \
                or not all(_axes_known_good(ctx, a) for a in site.args[1:]):
            continue
        if any(k.arg not in ("in_axes", "out_axes") or not _axes_known_good(ctx, k.value)
               for k in site.keywords):
            continue
        for call in ctx.model.calls_of_result(site.call):
            if any(isinstance(a, ast.Starred) for a in call.args) \
                    or any(k.arg is None for k in call.keywords) \
                    or ctx.tracing.applications.guarded(call):
                continue
            for argument in (*call.args, *(k.value for k in call.keywords)):
                _report(ctx, argument, "argument of a function mapped by `jax.vmap`", done)


def check(ctx: Context) -> None:
    done: set[int] = set()
    _tree_calls(ctx, done)
    _applications(ctx, done)
    _vmapped_calls(ctx, done)


RULE = Rule(
    code="JXE146",
    catalog_id="pytree-dict-keys-unsortable",
    triggers=("tree", "jit", "lax", "vmap", "checkpoint", "remat", "make_jaxpr", "eval_shape"),
    check=check,
    data=UnsortableKeys,
)
