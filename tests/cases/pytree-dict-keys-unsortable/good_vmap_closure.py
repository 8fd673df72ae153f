import jax
import jax.numpy as jnp


def scaled(x, table):
    return x * table["scale"]


# The table goes to vmap through a closure: only `x` is mapped and flattened.
table = {0: 1.0, "scale": 2.0}
print(jax.vmap(lambda x: scaled(x, table))(jnp.ones(3)))
