import jax
import jax.numpy as jnp

rows = jax.new_ref(jnp.zeros(3))


def f(row, x):
    row[...] = x


jax.vmap(f)(rows, jnp.arange(3.0))
print(rows[...])
