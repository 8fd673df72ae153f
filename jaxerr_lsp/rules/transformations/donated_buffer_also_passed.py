"""JXE149 donated-buffer-also-passed.

What it does: finds a call of a jitted function of the file that passes one JAX array of
known shape and dtype for a parameter JAX certainly donates (`jaxerr_lsp.families.donation`:
matched to an output of its shape and dtype, used by the outputs) and for a parameter it does
not donate (neither in `donate_argnums`/`donate_argnames` nor static) that an output certainly
uses, in code that runs eagerly: one name given twice (`update(x, x)`), or a name copied from
the other just before the call (`batch = x; x = update(x, batch)`: the copy in the same
statement list, only plain statements between that store neither name).

Why is this bad: before running, XLA checks the flattened arguments and refuses a buffer that
is donated at one position and read at another: jaxlib raises JaxRuntimeError
"INVALID_ARGUMENT: Attempt to use a buffer that was previously donated in the same call to
Execute() (...). Toy example for this bug: `f(donate(a), a)`." when the donated use comes
first in JAX's flattening order (positional arguments, then keyword ones by name), "Attempt to
donate a buffer which is also used by the same call to Execute() (...) `f(a, donate(a))`."
otherwise. The positions count the flattened arguments JAX keeps: shown, not predicted; a
single device gives replica 0 and partition 0.

Silent: a donation JAX may drop (no output of the same shape and dtype, a parameter the
outputs may not use, unknown shapes), a non-donated parameter the outputs may not use (JAX
prunes it: the buffer is then passed once), two donated parameters (JXE140's, or a dropped
donation whose count the code does not show), NumPy arrays and Python numbers (JAX copies
them), names that may hold different arrays, calls inside traced code.
"""

from __future__ import annotations

from dataclasses import dataclass

from jaxerr_lsp.core.findings import Related, RuleData, Span
from jaxerr_lsp.engine.rule import Context, Rule, fill
from jaxerr_lsp.errors.catalog import load_catalog
from jaxerr_lsp.families.donation import (JitCall, certainly_donated, jit_calls, runs_eagerly,
                                          same_array, used_by_outputs)
from jaxerr_lsp.families.expected_errors import expected_at

CATALOG_ID = "donated-buffer-also-passed"


@dataclass(frozen=True)
class DonatedAndRead(RuleData):
    donated: str  # the donated parameter
    read: str  # the non-donated parameter given the same array
    argument: Span  # the non-donated argument


def _check_call(ctx: Context, jit_call: JitCall) -> None:
    kept = [name for name in jit_call.order
            if name not in jit_call.donated and name not in jit_call.static]
    pairs = [(name, other) for name in jit_call.donated for other in kept
             if same_array(ctx, jit_call.call, jit_call.arguments[name], jit_call.arguments[other])]
    if not pairs:
        return
    # The non-donated parameter holds the donated one's array: its value too.
    donated = certainly_donated(ctx, jit_call, {other: name for name, other in pairs})
    for name, other in pairs:
        a, b = jit_call.arguments[name], jit_call.arguments[other]
        if name in donated and used_by_outputs(ctx, jit_call, other):
            # The entry's message when the donated use comes first, its second site's otherwise.
            donated_first = jit_call.order.index(name) < jit_call.order.index(other)
            entry = load_catalog().get(CATALOG_ID)
            template = (entry.message if donated_first else entry.sources[1].message or "").strip()
            values = {"replica": "0", "partition": "0"}
            shown = {"arg_idx": "the position of the second use", "prev_arg_idx": "the position of the first"}
            given = f"`{ctx.segment(a)}`" if ctx.segment(a) == ctx.segment(b) \
                else f"`{ctx.segment(a)}` (also as `{ctx.segment(b)}`)"
            note = (f" (one array, {given}, is passed for `{name}`, donated, and for `{other}`, "
                    f"not donated: pass a copy for `{other}` (`jnp.copy(...)`), or do not donate "
                    f"`{name}`)")
            related = (Related(ctx.span(a), f"donated as `{name}`"),)
            ctx.report(jit_call.call, values=values, shown=shown,
                       message=fill(template, {**values, **shown}),
                       predicted=fill(template, values, escape=True),
                       note=note, related=related,
                       data=DonatedAndRead(name, other, ctx.span(b)))
            return


def check(ctx: Context) -> None:
    for jit_call in jit_calls(ctx):
        if jit_call.donated and len(jit_call.order) >= 2 and runs_eagerly(ctx, jit_call.call) \
                and not expected_at(ctx, jit_call.call):
            _check_call(ctx, jit_call)


RULE = Rule(
    code="JXE149",
    catalog_id=CATALOG_ID,
    triggers=("donate_arg",),
    check=check,
    data=DonatedAndRead,
)
