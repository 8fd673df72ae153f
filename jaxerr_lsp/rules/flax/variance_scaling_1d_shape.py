"""JXE159 variance-scaling-1d-shape.

What it does: finds an initializer of the `variance_scaling` family (`lecun_normal`,
`lecun_uniform`, `glorot_*`, `xavier_*`, `he_*`, `kaiming_*`, and `variance_scaling` itself,
from `jax.nn.initializers` or flax's re-exports), made without an `in_axis`, asked for an
array of fewer than two dimensions:
- given as `bias_init` to a layer whose bias is 1-D (flax linen `Dense`, `Conv`,
  `ConvTranspose`; nnx `Linear`, `Conv`) that keeps its bias (`use_bias` not False);
- called with a shape the code writes of length 0 or 1 (`init(key, (16,))`), or given to
  flax's `self.param(name, init, (16,))`.
The initializer is the call itself or a name bound once to it (`init_fn = nn.initializers.lecun_normal()`).

Why is this bad: these initializers scale by the fan-in and fan-out of a weight matrix, read
from the shape's last two axes (by default); a bias has one axis, so JAX raises ValueError
when the parameter is made (at `init`, or at once for an nnx layer).

No fix: a bias usually wants `zeros_init()`, but that changes the initial values.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from jaxerr_lsp.core.findings import Related, RuleData
from jaxerr_lsp.engine.rule import Context, Rule

FAMILY = frozenset("""
lecun_normal lecun_uniform glorot_normal glorot_uniform xavier_normal xavier_uniform he_normal
he_uniform kaiming_normal kaiming_uniform
""".split())
MODULES = ("jax.nn.initializers.", "flax.linen.initializers.", "flax.nnx.initializers.")
# Layers whose bias has one axis, its length the number of output features.
LAYERS = frozenset({"flax.linen.Dense", "flax.linen.Conv", "flax.linen.ConvTranspose",
                    "flax.nnx.Linear", "flax.nnx.Conv"})


@dataclass(frozen=True)
class FanShape(RuleData):
    initializer: str  # its name, as the code calls it: "lecun_normal"
    ndim: int  # the dimensions of the shape asked for


def _initializer(ctx: Context, expr: ast.expr) -> tuple[str, ast.Call] | None:
    """The family's initializer `expr` is, made without `in_axis`: its name and the call."""
    if isinstance(expr, ast.Name):
        value = ctx.model.assigned_value(expr)
        expr = value if value is not None else expr
    if not isinstance(expr, ast.Call) or any(isinstance(a, ast.Starred) for a in expr.args) \
            or any(k.arg is None or k.arg == "in_axis" for k in expr.keywords):
        return None
    qualname = ctx.model.qualname(expr.func) or ""
    module = next((m for m in MODULES if qualname.startswith(m)), None)
    if module is None:
        return None
    name = qualname.removeprefix(module)
    # lecun_normal(in_axis, out_axis, ...); variance_scaling(scale, mode, distribution, in_axis, ...)
    if name in FAMILY and not expr.args or name == "variance_scaling" and len(expr.args) <= 3:
        return name, expr
    return None


def _written_rank(expr: ast.expr) -> int | None:
    """The length of a shape the code writes as a tuple or list display."""
    if isinstance(expr, (ast.Tuple, ast.List)) and not any(isinstance(e, ast.Starred) for e in expr.elts):
        return len(expr.elts)
    return None


def _report(ctx: Context, node: ast.AST, found: tuple[str, ast.Call], ndim: int, why: str) -> None:
    name, made = found
    related = () if made is node else (Related(ctx.span(made), f"`{name}` is made here, with the default in_axis"),)
    ctx.report(node, values={"len(shape)": str(ndim)}, note=f" ({why})", related=related,
               data=FanShape(name, ndim))


def _layers(ctx: Context) -> None:
    for qualname in sorted(LAYERS):
        for site in ctx.model.calls_to(qualname):
            options = {k.arg: k.value for k in site.keywords if k.arg is not None}
            bias_init = options.get("bias_init")
            use_bias = options.get("use_bias")
            if bias_init is None or use_bias is not None and not (
                    isinstance(use_bias, ast.Constant) and use_bias.value is True):
                continue
            found = _initializer(ctx, bias_init)
            if found is not None:
                layer = qualname.rsplit(".", 1)[1]
                _report(ctx, bias_init, found, 1,
                        f"the bias of `{layer}` has one axis, its output features: `{found[0]}` needs two")


def _calls(ctx: Context) -> None:
    """`init(key, (16,))` and flax's `self.param("b", init, (16,))`."""
    for call in ctx.model.method_calls("param"):
        if len(call.args) >= 3 and not any(isinstance(a, ast.Starred) for a in call.args[:3]):
            found = _initializer(ctx, call.args[1])
            rank = _written_rank(call.args[2])
            if found is not None and rank is not None and rank < 2:
                _report(ctx, call.args[1], found, rank, f"the parameter's shape has {rank} axes")
    for name in (*FAMILY, "variance_scaling"):
        for module in MODULES:
            for site in ctx.model.calls_to(module + name):
                found = _initializer(ctx, site.call)
                if found is None:
                    continue
                for applied in ctx.model.calls_of_result(site.call):
                    shape = applied.args[1] if len(applied.args) >= 2 else next(
                        (k.value for k in applied.keywords if k.arg == "shape"), None)
                    rank = _written_rank(shape) if shape is not None else None
                    if rank is not None and rank < 2:
                        _report(ctx, applied, found, rank, f"the shape asked for has {rank} axes")


def check(ctx: Context) -> None:
    _layers(ctx)
    _calls(ctx)


RULE = Rule(
    code="JXE159",
    catalog_id="variance-scaling-1d-shape",
    triggers=("_init", "lecun", "glorot", "xavier", "he_", "kaiming", "variance_scaling"),
    check=check,
    data=FanShape,
)
