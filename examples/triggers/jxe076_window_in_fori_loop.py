"""Reading a window at the loop index of lax.fori_loop (JXE076).

The index is a tracer in the loop body, so the slice bounds are not static.
"""

import jax
import jax.numpy as jnp


@jax.jit
def moving_sums(signal):
    def body(i, out):
        return out.at[i].set(signal[i:i + 3].sum())  # expect: JXE076

    return jax.lax.fori_loop(0, 8, body, jnp.zeros(8))


print(moving_sums(jnp.arange(10.0)))
