"""JXE175 array-attribute-not-found.

What it does: finds an attribute read on a JAX array that JAX arrays do not have, most often
another library's method: PyTorch's `x.numpy()`, `x.cpu()`, `x.detach()`, `x.to(...)`,
`x.add_(...)`, `x.set(...)` without `.at[i]`, or a typo (`x.reshap`). The names an array has
come from the installed JAX (`families.jax_attributes`: `dir` of an array, and everything a
tracer may answer from its class or its aval). Two wordings, both predicted whole:
- on a concrete array (the evaluator knows it is one: `jnp.zeros(3)`, a JAX function's
  result), Python's `'jaxlib._jax.ArrayImpl' object has no attribute 'numpy'`, with the
  "Did you mean" Python prints (same algorithm, same `dir`);
- on a traced array (a parameter of a jitted, vmapped or differentiated function the file
  shows to be given one array: `tracer_arrays.array_tracer`), JAX's
  `DynamicJaxprTracer has no attribute numpy` (the tracer class of that transformation).

Only names someone may mean on an array are asked about: another array library's method
listed here, or a likely typo of an array attribute (its first three letters, a length within
two); `x.append`, `x.params` are not (other objects have them far more often).

Never flagged: a private name (`x._value`), a name the file sets as an attribute anywhere (a
JAX array takes new attributes: `x.tag = 1`, then `x.tag` reads; any `setattr` with a name
the file does not show silences the rule), a value that may be something else (a NumPy
array, a parameter of unknown type, a class of the file), `block_until_ready` or `sharding`
on a tracer (JAX words those otherwise), a read under a test of `hasattr`/`getattr` or in a
`try` with handlers (`removed_apis.Guards`).

Why is this bad: the attribute read raises AttributeError as soon as it runs.

No fix: what replaces another library's method depends on what the code wants (`np.asarray(x)`
for `.numpy()`, nothing for `.cpu()`, `jax.lax.stop_gradient(x)` for `.detach()`, `x.at[i].set(v)`
for `.set`); the message's note names it where one replacement is usual.
"""

from __future__ import annotations

import ast
import functools
from dataclasses import dataclass

from jaxerr_lsp.analysis.model import IMPORT
from jaxerr_lsp.core.findings import RuleData
from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.families.jax_attributes import array_names
from jaxerr_lsp.families.removed_apis import Guards
from jaxerr_lsp.families.tracer_arrays import TRACER_CLASSES, array_tracer, parameter_tracers, tracer_related

# What JAX has for the methods PyTorch and NumPy users reach for most (the note's words).
_INSTEAD = {
    "numpy": "`np.asarray(x)` or `jax.device_get(x)` gives a NumPy array",
    "cpu": "a JAX array needs no `.cpu()`: `np.asarray(x)` or `jax.device_get(x)` copies it to the host",
    "cuda": "`jax.device_put(x, device)` places an array on a device",
    "to": "`jax.device_put(x, device)` places an array, `x.astype(dtype)` converts it",
    "detach": "`jax.lax.stop_gradient(x)` stops gradients",
    "set": "arrays are immutable: `x.at[index].set(value)` returns the updated array",
    "add": "arrays are immutable: `x.at[index].add(value)` returns the updated array",
    "numel": "`x.size` is the number of elements",
    "dim": "`x.ndim` is the number of dimensions",
    "unsqueeze": "`jnp.expand_dims(x, axis)` adds an axis",
    "permute": "`x.transpose(axes)` reorders the axes",
    "contiguous": "a JAX array needs no `.contiguous()`",
    "to_py": "JAX removed `.to_py()` (JAX 0.4): `np.asarray(x)` gives a NumPy array",
}


@dataclass(frozen=True)
class MissingAttribute(RuleData):
    name: str  # "numpy"
    traced: bool  # the tracer's wording


def _guards(ctx: Context) -> Guards:
    return Guards(ctx.model, ctx.model.tree)


def _stored(ctx: Context) -> frozenset[str] | None:
    """The attribute names the file sets on anything (a JAX array takes new attributes:
    `x.tag = 1` then `x.tag` reads); None when a `setattr` may set any name."""
    found = {node.attr for node in ctx.model.nodes_in(ctx.model.tree, ast.Attribute)
             if isinstance(node.ctx, ast.Store)}
    for call in ctx.model.name_calls.get("setattr", ()):
        if len(call.args) < 2 or not isinstance(call.args[1], ast.Constant):
            return None
        found.add(str(call.args[1].value))
    return frozenset(found)


@functools.cache
def _array_name_starts() -> dict[str, tuple[int, ...]]:
    """The first three letters of each public name of a JAX array -> those names' lengths."""
    found: dict[str, set[int]] = {}
    for name in array_names().listed:
        if not name.startswith("_") and len(name) >= 3:
            found.setdefault(name[:3], set()).add(len(name))
    return {start: tuple(sorted(lengths)) for start, lengths in found.items()}


def _plausible(name: str) -> bool:
    """A name someone may mean on an array: another array library's method this rule knows
    (`numpy`, `cpu`, `detach`...), or a likely typo of a JAX array's name (its first three
    letters, and a length within two). Other names (`append`, `apply`, `params`) belong to
    other objects far more often: not worth asking the evaluator about every read of them."""
    if name in _INSTEAD:
        return True
    lengths = _array_name_starts().get(name[:3], ())
    return any(abs(length - len(name)) <= 2 for length in lengths)


def check(ctx: Context) -> None:
    names = array_names()
    for node in ctx.model.nodes_in(ctx.model.tree, ast.Attribute):
        name = node.attr
        if name.startswith("_") or name in names.known or not isinstance(node.ctx, ast.Load) \
                or not _plausible(name):
            continue
        stored = ctx.once(_stored)
        if stored is None or name in stored:
            continue
        base = node.value
        if isinstance(base, ast.Name):
            if base.id in ("self", "cls"):
                continue  # (an instance of the file's class, or the class)
            binding = ctx.model.binding_of(base)
            if binding is not None and binding.kind == IMPORT:
                continue  # (a module: `jnp.zeros`)
        instead = _INSTEAD.get(name)
        note = f" ({instead})" if instead else ""
        value = ctx.values.value(base)
        if value.type is not None and value.type != "ArrayImpl":
            continue  # (something else: a dict, a list, an instance of the file's class)
        if value.type == "ArrayImpl" and value.jax_array is not None:
            if ctx.once(_guards).holds(node):
                continue
            message = f"'jaxlib._jax.ArrayImpl' object has no attribute {name!r}"
            suggestion = names.suggestion(name)
            shown = f". Did you mean: {suggestion!r}?" if suggestion else ""
            ctx.report(node, message=message, predicted=message, note=shown + note,
                       data=MissingAttribute(name, False))
            continue
        tracer = array_tracer(ctx, base)
        if tracer is None or tracer.transform.qualname not in TRACER_CLASSES or ctx.once(_guards).holds(node):
            continue
        message = f"{TRACER_CLASSES[tracer.transform.qualname]} has no attribute {name}"
        ctx.report(node, message=message, predicted=message, note=note,
                   related=tracer_related(ctx, tracer, *parameter_tracers(ctx, base)),
                   data=MissingAttribute(name, True))


RULE = Rule(
    code="JXE175",
    catalog_id="array-attribute-not-found",
    triggers=("jax",),
    check=check,
    data=MissingAttribute,
)
