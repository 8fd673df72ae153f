import jax.numpy as jnp

TABLE = jnp.arange(10.0)


def pick(table, position):
    return table[position]


print(pick(TABLE, 10 // 4))
