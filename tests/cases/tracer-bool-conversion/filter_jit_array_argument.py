import equinox as eqx
import jax.numpy as jnp


@eqx.filter_jit
def clip_large(x, training):
    if training:
        x = x * 0.5
    if jnp.any(x > 1.0):  # expect: JXE070
        x = jnp.minimum(x, 1.0)
    return x


print(clip_large(jnp.array([0.5, 3.0]), True))
