from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.custom_jvp, nondiff_argnums=(1,))
def stats(x, axis):
    return {"mean": jnp.mean(x, axis), "max": jnp.max(x, axis)}


@stats.defjvp
def stats_jvp(axis, primals, tangents):
    x, = primals
    t, = tangents
    out = stats(x, axis)
    return out, {"mean": jnp.mean(t, axis)}  # expect: JXE111


print(jax.jvp(lambda x: stats(x, 0), (jnp.ones(3),), (jnp.ones(3),)))
