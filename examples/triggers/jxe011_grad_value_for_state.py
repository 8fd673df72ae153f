"""`jax.ad.GradValue()` for every argument, one of which is a Ref (JXE011).

The running statistics are a `jax.new_ref` buffer passed to `jax.vjp`; a Ref's gradient can
only be accumulated into a ref (or skipped), never returned as a value.
"""

import jax
import jax.numpy as jnp


def normalized_loss(x, stats):
    return jnp.sum((x - stats[...]) ** 2)


x = jnp.arange(4.0)
stats = jax.new_ref(jnp.full((4,), 1.5))
loss, f_vjp = jax.vjp(normalized_loss, x, stats)
x_ct, stats_ct = f_vjp.with_refs(jax.ad.GradValue(), jax.ad.GradValue())(1.0)  # expect: JXE011
