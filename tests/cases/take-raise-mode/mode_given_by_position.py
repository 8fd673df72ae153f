import jax
import jax.numpy as jnp

MODE = "raise"


@jax.jit
def lookup(table, ids):
    return jnp.take(table, ids, 0, None, MODE)  # expect: JXE178


print(lookup(jnp.ones((3, 2)), jnp.array([0, 2])))
