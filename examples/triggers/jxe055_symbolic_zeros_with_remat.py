"""Registering a symbolic-zeros rule with the remat optimization on (JXE055).

defvjp refuses the combination at once, when the module runs.
"""

import jax
import jax.numpy as jnp


@jax.custom_vjp
def gated(x, gate):
    return x * jax.nn.sigmoid(gate)


def gated_fwd(x, gate):
    s = jax.nn.sigmoid(gate.value)
    return x.value * s, (x.value, s, gate.perturbed)


def gated_bwd(res, g):
    x, s, gate_perturbed = res
    gate_ct = g * x * s * (1.0 - s) if gate_perturbed else None
    return (g * s, gate_ct)


gated.defvjp(gated_fwd, gated_bwd, symbolic_zeros=True, optimize_remat=True)  # expect: JXE055
print(jax.grad(gated)(2.0, 0.0))
