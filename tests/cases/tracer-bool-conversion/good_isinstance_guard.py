import jax
import jax.numpy as jnp


def maybe_concrete(x):
    if isinstance(x, jax.core.Tracer):
        return x
    if x > 0:
        return x
    return -x


print(jax.jit(maybe_concrete)(jnp.float32(1.0)), maybe_concrete(2.0))
