import jax
import jax.numpy as jnp


def f(x, y):
    return x + y


g = jax.vmap(f, out_axes=0.0)  # expect: JXE093
print(g(jnp.ones(3), jnp.ones(4)))
