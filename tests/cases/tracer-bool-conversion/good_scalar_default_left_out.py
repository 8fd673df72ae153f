import jax
import jax.numpy as jnp


@jax.jit
def apply(x, train=False):
    if train:
        x = x * 0.9
    return jnp.tanh(x)


print(apply(jnp.ones(3)))
