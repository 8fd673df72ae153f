import jax
import jax.numpy as jnp


def feature(row):
    if row.ndim == 2:
        return row[:, 0]
    return row[0]


def with_shared(row, table):
    return row[0] * table[0, 0]


table = jnp.ones((2, 2))
print(jax.vmap(feature)(jnp.ones((4, 3))))
print(jax.vmap(with_shared, in_axes=(0, None))(jnp.ones((4, 3)), table))
print(jax.vmap(lambda x: x[0, 0], in_axes=0)(jnp.ones((4, 3, 2))))
