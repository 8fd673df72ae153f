import jax
import jax.numpy as jnp


def f(x):
    scratch = jax.new_ref(jnp.zeros(()))
    scratch[...] = x * 2
    return scratch[...]


print(jax.vmap(f)(jnp.arange(3.0)))
