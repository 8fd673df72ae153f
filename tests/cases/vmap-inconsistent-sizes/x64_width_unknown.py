import jax

# With 64-bit types on, `jnp.ones` gives float64: the sizes still differ, and the message
# leaves the width to JAX ("float32|float64" in what the checker shows).
jax.config.update("jax_enable_x64", True)

import jax.numpy as jnp  # noqa: E402


def f(x, y):
    return x * y


print(jax.vmap(f)(jnp.ones(3), jnp.ones(4)))  # expect: JXE094
