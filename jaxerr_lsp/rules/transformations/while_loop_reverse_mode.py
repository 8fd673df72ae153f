"""JXE107 while-loop-reverse-mode.

What it does: finds a `lax.while_loop` (or a `lax.fori_loop` whose bounds are traced: by jit,
or as the index of an enclosing fori_loop) that `jax.grad`, `jax.value_and_grad`,
`jax.jacrev` or `jax.jacobian` differentiates (or `jax.vjp`, its VJP function applied) through
the code of this file, when the loop's carry gets a tangent from a differentiated input (it
starts from one, or its body computes it from one it reads as a closure) and the output's
tangent is computed from the loop's result (`families.reverse_loops` and `families.tangents`:
code flow, helpers, vmapped lambdas, Python loops that certainly run; each form measured).

Why is this bad: reverse mode runs the loop forward, then needs to run it backwards, which a
while loop's unknown trip count does not allow. JAX linearizes the loop, then raises ValueError
when it transposes it: "Reverse-mode differentiation does not work for lax.while_loop or
lax.fori_loop with dynamic start/stop values...". `lax.fori_loop` with bounds that are Python
ints (or concrete arrays) is built as a `lax.scan` and differentiates fine; under
`jax.jit(jax.grad(f))` a bound passed as an argument is traced, and the loop is a while loop.

Silent: forward mode (`jax.jacfwd`, `jax.jvp`), a loop whose carry gets no tangent or whose
result the output drops (`stop_gradient`, `jnp.round`, a comparison, an integer counter), an
output the code does not show to be a scalar (for grad), a fori_loop with concrete bounds, a
loop in another module or behind a call the code does not show (a helper whose returns do not
all give the loop's result; a name whose reaching bindings do not all), and
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
            " (this fori_loop's bounds are traced, by jit or as an enclosing loop's index, so JAX "
            "builds it as a while_loop)")
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
