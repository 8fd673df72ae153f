import jax
import jax.numpy as jnp


def apply(fn, x):
    return fn(x)


print(jax.vmap(apply, in_axes=(None, 0))(jnp.tanh, jnp.ones((2, 3))))
