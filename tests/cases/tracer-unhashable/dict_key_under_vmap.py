import jax
import jax.numpy as jnp


def lookup(x: jax.Array):
    table = {x: 1.0}  # expect: JXE113
    return x * len(table)


print(jax.vmap(lookup)(jnp.arange(3.0)))
