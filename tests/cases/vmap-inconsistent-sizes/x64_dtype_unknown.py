# case: static — with 64-bit types on, the inference shows no avals: silent (JAX raises)
import jax

jax.config.update("jax_enable_x64", True)

import jax.numpy as jnp  # noqa: E402


def f(x, y):
    return x * y


print(jax.vmap(f)(jnp.ones(3), jnp.ones(4)))
