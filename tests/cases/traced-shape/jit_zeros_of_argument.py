import jax
import jax.numpy as jnp


@jax.jit
def pad_right(x, pad):
    return jnp.concatenate([x, jnp.zeros(pad)])  # expect: JXE072


print(pad_right(jnp.ones(3), 2))
