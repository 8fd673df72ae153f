"""JXE107 while-loop-reverse-mode.

What it does: finds a `lax.while_loop` (or a `lax.fori_loop` whose bounds jit traces) in a
lambda or def of this file that `jax.grad`, `jax.value_and_grad`, `jax.jacrev` or
`jax.jacobian` differentiates (or `jax.vjp`, its VJP function applied), when the loop's carry starts from a differentiated input
(or its body computes the carry from one it reads as a closure) and its result is the function's output (`families.reverse_loops`: the forms it follows, each
measured).

Why is this bad: reverse mode runs the loop forward, then needs to run it backwards, which a
while loop's unknown trip count does not allow. JAX linearizes the loop, then raises ValueError
when it transposes it: "Reverse-mode differentiation does not work for lax.while_loop or
lax.fori_loop with dynamic start/stop values...". `lax.fori_loop` with bounds that are Python
ints (or concrete arrays) is built as a `lax.scan` and differentiates fine; under
`jax.jit(jax.grad(f))` a bound passed as an argument is traced, and the loop is a while loop.

Silent: forward mode (`jax.jacfwd`, `jax.jvp`), a loop whose carry does not start from the
differentiated input or whose result the output drops, an output the code does not show to be a
scalar (for grad), a fori_loop with concrete bounds, a loop in another module or in a helper
with more than one `return` (a helper with one is followed: `q = orthonormalize(w)`), and
a `jax.vjp` whose VJP function the file does not apply to `jnp.ones_like(out)` (or
`zeros_like`): JAX raises only when it is applied.

Fix: none offered. The remedies change the program: a `lax.scan` (or a fori_loop with static
bounds) over a fixed maximum number of steps, masking the steps past the condition; or
`jax.jacfwd`/`jax.jvp` (forward mode), which does differentiate a while loop. For a fori_loop
under jit, the bound can be made static (`static_argnums`), recompiling for each value.
"""

from __future__ import annotations

from dataclasses import dataclass

from jaxerr_lsp.core.findings import Related, RuleData, Span
from jaxerr_lsp.engine.rule import Context, Rule
from jaxerr_lsp.families.reverse_loops import reverse_mode_loops


@dataclass(frozen=True)
class ReverseModeLoop(RuleData):
    loop: Span  # the loop call
    gradient: Span  # the call that differentiates it
    kind: str  # while_loop or fori_loop


def check(ctx: Context) -> None:
    for found in reverse_mode_loops(ctx):
        run = found.differentiation
        how = f"jax.jit({run.qualname}(...))" if run.jitted else run.qualname
        if run.qualname == "jax.vjp":
            how = "the VJP function of jax.vjp, applied"
        related = (Related(ctx.span(run.raises_at),
                           f"differentiated in reverse mode here ({how}); JAX raises here"),)
        note = "" if found.kind == "while_loop" else (
            " (this fori_loop's bounds are traced by jit, so JAX builds it as a while_loop)")
        ctx.report(found.loop, related=related, note=note,
                   data=ReverseModeLoop(ctx.span(found.loop), ctx.span(run.raises_at),
                                        found.kind))


RULE = Rule(
    code="JXE107",
    catalog_id="while-loop-reverse-mode",
    triggers=("while_loop", "fori_loop"),
    check=check,
    data=ReverseModeLoop,
)
