"""JXE140 donate-same-buffer-twice.

What it does: finds a call of a jitted function of the file that passes one name, holding
one JAX array of known shape and dtype, for two parameters JAX certainly donates
(`jaxerr_lsp.families.donation`: both matched to outputs of their shape and dtype, both used
by the outputs), in code that runs eagerly: `step(zeros, zeros)` with `donate_argnums=(0,
1)`, or the names of two arguments bound to one array (`m = v = jnp.zeros(3)`, `v = m`).

Why is this bad: before running, XLA checks the flattened arguments and refuses a buffer
donated twice: jaxlib raises JaxRuntimeError "INVALID_ARGUMENT: Attempt to donate the same
buffer twice in Execute() (flattened argument 1, replica 0, partition 0, first use: 0). ...".
The positions count the flattened arguments JAX keeps (closed-over constants come first, unused
parameters go): shown, not predicted; a single device gives replica 0 and partition 0.

Silent: a donation JAX may drop (no output of the same shape and dtype for both, a
parameter the outputs may not use, unknown shapes: then the second use is not donated and
XLA words another error, or none), NumPy arrays and Python numbers (JAX copies them), calls
inside traced code (donation is a no-op there).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from jaxerr_lsp.core.findings import Related, RuleData, Span
from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.families.expected_errors import expected_at
from jaxerr_lsp.families.donation import JitCall, certainly_donated, jit_calls, runs_eagerly

CATALOG_ID = "donate-same-buffer-twice"


@dataclass(frozen=True)
class DonatedTwice(RuleData):
    first: str  # the two parameters that receive the array
    second: str
    argument: Span  # the second argument


def _same_array(ctx: Context, a: ast.expr, b: ast.expr) -> bool:
    """Whether two argument names certainly hold the same array object: one name, or names
    whose one binding is one chained assignment (`m = v = zeros`) or a copy of the other's
    name (`v = m`)."""
    if not isinstance(a, ast.Name) or not isinstance(b, ast.Name):
        return False
    first, second = ctx.model.reaching(a), ctx.model.reaching(b)
    if not first or not second or len(first) != 1 or len(second) != 1:
        return False
    return (_origin(ctx, first[0]) or first[0]) is (_origin(ctx, second[0]) or second[0])


def _origin(ctx: Context, binding: object, depth: int = 0) -> object:
    """The binding whose value a name holds, through `v = m` copies and chained
    assignments (`m = v = value`: one value expression)."""
    value = getattr(binding, "value", None)
    if getattr(binding, "kind", None) != "assign" or value is None or depth > 4:
        return None
    if isinstance(value, ast.Name):
        reaching = ctx.model.reaching(value)
        if reaching and len(reaching) == 1:
            return _origin(ctx, reaching[0], depth + 1) or reaching[0]
        return None
    return value  # the expression both chained targets received


def _check_call(ctx: Context, jit_call: JitCall) -> None:
    donated = certainly_donated(ctx, jit_call)
    for index, second in enumerate(donated):
        for first in donated[:index]:
            a, b = jit_call.arguments[first], jit_call.arguments[second]
            if not _same_array(ctx, a, b):
                continue
            note = (f" (`{ctx.segment(b)}` is passed for `{first}` and `{second}`, both donated: "
                    "give each donated argument its own array, e.g. `jnp.copy(...)`, or donate one)")
            related = (Related(ctx.span(a), f"first donated as `{first}`"),)
            ctx.report(jit_call.call, values={"replica": "0", "partition": "0"},
                       shown={"arg_idx": "the position of the second use",
                              "prev_arg_idx": "the position of the first"},
                       note=note, related=related,
                       data=DonatedTwice(first, second, ctx.span(b)))
            return


def check(ctx: Context) -> None:
    for jit_call in jit_calls(ctx):
        if len(jit_call.donated) >= 2 and runs_eagerly(ctx, jit_call.call) \
                and not expected_at(ctx, jit_call.call):
            _check_call(ctx, jit_call)


RULE = Rule(
    code="JXE140",
    catalog_id=CATALOG_ID,
    triggers=("donate_arg",),
    check=check,
    data=DonatedTwice,
)
