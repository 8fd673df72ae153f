"""JXE160 shard-map-spec-too-long.

What it does: finds a call of a function made by `jax.shard_map(f, mesh=..., in_specs=(...))`
where an entry of `in_specs` names more axes than its argument has: `P("data")` for a Python
number or a 0-d array (a learning rate, a step count), `P("data", None)` for a vector. The
file must show `f` (a def), the mesh (`Mesh(devices, names)` or `jax.make_mesh(shape, names)`
with constant axis names covering every name in the specs: shard_map checks those first),
`in_specs` as a tuple display of `P(...)` with one entry per positional argument, and each
argument's rank (a JAX array of known shape, a Python number).

The message is predicted whole when every argument's aval and `f`'s parameters (no default
or annotation: JAX prints the parameter as `inspect` shows it) are known; otherwise the
details of each entry at fault are described.

Why is this bad: each entry of a PartitionSpec describes one axis of its value; shard_map
checks the ranks at each call, before tracing `f`, and raises ValueError.

No fix: a shorter spec (`P()`) replicates the value instead of splitting it, which changes
what each device sees; the right spec is the user's choice.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from jaxerr_lsp.analysis.avals import exact_dtype
from jaxerr_lsp.core.findings import Related, RuleData
from jaxerr_lsp.engine.rule import Context, Rule, fill
from jaxerr_lsp.errors.catalog import load_catalog

SPECS = frozenset({"jax.sharding.PartitionSpec", "jax.P"})
SCALAR_HINT = "For scalar values (rank 0)"
MESHES = {"jax.sharding.Mesh": 1, "jax.make_mesh": 1}  # the position of the axis names


@dataclass(frozen=True)
class SpecTooLong(RuleData):
    position: int  # the argument whose spec is too long
    spec: str  # as JAX prints it: P('data',)
    rank: int


def _spec(ctx: Context, expr: ast.expr) -> tuple[object, ...] | None:
    """The entries of `P(...)` the code writes with constants (names, None, tuples of names)."""
    if not isinstance(expr, ast.Call) or expr.keywords or ctx.model.qualname(expr.func) not in SPECS:
        return None
    entries = []
    for argument in expr.args:
        if isinstance(argument, ast.Starred):
            return None
        value = ctx.values.constant(argument)
        if not (value is None and isinstance(argument, ast.Constant) or isinstance(value, str)
                or isinstance(value, tuple) and all(isinstance(v, str) for v in value)):
            return None
        entries.append(value)
    return tuple(entries)


def _names(entries: tuple[object, ...]) -> set[str]:
    found: set[str] = set()
    for entry in entries:
        if isinstance(entry, str):
            found.add(entry)
        elif isinstance(entry, tuple):
            found.update(entry)  # type: ignore[arg-type]
    return found


def _mesh_axes(ctx: Context, expr: ast.expr) -> set[str] | None:
    """The axis names of the mesh `expr` is (made where it is, or by a name's one assignment)."""
    if isinstance(expr, ast.Name):
        assigned = ctx.model.assigned_value(expr)
        expr = assigned if assigned is not None else expr
    if not isinstance(expr, ast.Call):
        return None
    position = MESHES.get(ctx.model.qualname(expr.func) or "")
    if position is None:
        return None
    names: ast.expr | None = expr.args[position] if len(expr.args) > position else next(
        (k.value for k in expr.keywords if k.arg == "axis_names"), None)
    value: object = ctx.values.constant(names) if names is not None else None
    if isinstance(value, str):
        value = (value,)
    if not isinstance(value, tuple) or not all(isinstance(v, str) for v in value):
        return None
    return set(value)


def _argument(ctx: Context, expr: ast.expr) -> tuple[int, str | None] | None:
    """The rank of an argument, and its aval as JAX prints it (`float32[]`) when certain."""
    value = ctx.values.value(expr)
    aval = value.aval
    if aval is None or aval.shape is None or not (value.python_scalar or value.type == "ArrayImpl") \
            or aval.kind in (None, "key"):
        return None
    shown = str(aval) if exact_dtype(aval.dtype) else None  # (JAX's `str_short()`: float32[])
    return len(aval.shape), shown


def _plain_parameter(parameter: ast.arg, function: ast.FunctionDef) -> bool:
    """No annotation and no default: `inspect` prints it as its name."""
    positional = [*function.args.posonlyargs, *function.args.args]
    defaults_from = len(positional) - len(function.args.defaults)
    return parameter.annotation is None and positional.index(parameter) < defaults_from


def check(ctx: Context) -> None:
    for site in ctx.model.calls_to("jax.shard_map"):
        if not site.complete or site.partial is not None or len(site.args) != 1:
            continue
        function = ctx.model.function_of(site.args[0])
        options = {k.arg: k.value for k in site.keywords}
        if not isinstance(function, ast.FunctionDef) or "mesh" not in options or "axis_names" in options \
                or not isinstance(options.get("in_specs"), ast.Tuple):
            continue  # (`axis_names`: the specs must name its manual axes, checked first)
        specs_node = options["in_specs"]
        assert isinstance(specs_node, ast.Tuple)
        specs = [_spec(ctx, e) for e in specs_node.elts]
        out = options.get("out_specs")
        out_specs = [_spec(ctx, e) for e in (out.elts if isinstance(out, ast.Tuple) else [out])] if out is not None else []
        axes = _mesh_axes(ctx, options["mesh"])
        if axes is None or any(s is None for s in (*specs, *out_specs)) \
                or not all(_names(s) <= axes for s in (*specs, *out_specs) if s is not None):
            continue
        positional = [*function.args.posonlyargs, *function.args.args]
        for call in ctx.model.calls_of_result(site.call):
            _check_call(ctx, call, function, positional, specs, specs_node)  # type: ignore[arg-type]


def _check_call(ctx: Context, call: ast.Call, function: ast.FunctionDef, positional: list[ast.arg],
                specs: list[tuple[object, ...]], specs_node: ast.Tuple) -> None:
    if call.keywords or len(call.args) != len(specs) or any(isinstance(a, ast.Starred) for a in call.args) \
            or len(call.args) > len(positional) or function.args.vararg is not None:
        return
    arguments = [_argument(ctx, a) for a in call.args]
    if any(a is None for a in arguments):
        return
    faults = [(i, spec, arguments[i]) for i, spec in enumerate(specs) if len(spec) > arguments[i][0]]  # type: ignore[index]
    if not faults:
        return
    predicted = True
    faulty = []
    for i, spec, (rank, shown) in faults:  # type: ignore[misc]
        parameter = positional[i]
        predicted = predicted and shown is not None and _plain_parameter(parameter, function)
        faulty.append(f"in_specs[{i}] is P{spec!r} which has length {len(spec)}, but the passed "
                     f"args[{i}], where args[{i}] is bound to {function.name}'s parameter "
                     f"'{parameter.arg}', has shape {shown or '(its aval)'}, which has rank {rank} "
                     f"(and {rank} < {len(spec)})")
    msgs = faulty[0] if len(faulty) == 1 else "\n\n".join(f"* {fault}" for fault in faulty)
    values = {"fun_name": function.name, "prefix": "in"}
    shown_values = {}
    if predicted:
        values["'\\n\\n'.join(msgs)"] = msgs
    else:
        shown_values["'\\n\\n'.join(msgs)"] = msgs
    # JAX adds its hint about `P()` when a value at fault is a scalar.
    scalar = any(rank == 0 for _, _, (rank, _) in faults)  # type: ignore[misc]
    template = next(m for m in load_catalog().get("shard-map-spec-too-long").messages
                    if (SCALAR_HINT in m) == scalar).strip()
    first, spec, (rank, _) = faults[0]  # type: ignore[misc]
    ctx.report(call.args[first], message=fill(template, {**values, **shown_values}),
               predicted=fill(template, values, escape=True),
               related=(Related(ctx.span(specs_node.elts[first]), "the spec of this argument"),),
               data=SpecTooLong(first, f"P{spec!r}", rank))


RULE = Rule(
    code="JXE160",
    catalog_id="shard-map-spec-too-long",
    triggers=("shard_map",),
    check=check,
    data=SpecTooLong,
)
