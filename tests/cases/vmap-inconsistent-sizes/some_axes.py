import jax
import jax.numpy as jnp


def total(batch, extra, last):
    return sum(batch) + sum(extra) + last


batch = (jnp.ones(3), jnp.ones(3), jnp.ones(3))
extra = [jnp.ones(4), jnp.ones(4)]
print(jax.vmap(total)(batch, extra, jnp.ones(5)))  # expect: JXE094
