import jax
import jax.numpy as jnp


@jax.jit
def repeat(x, n):
    return jax.lax.fori_loop(0, n, lambda i, acc: acc * 1.5, x)


print(repeat(jnp.ones(2), 3))
