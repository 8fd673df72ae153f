import jax
import jax.numpy as jnp

key = jax.random.key(0)
total = jax.lax.fori_loop(0, 3, lambda i, acc: acc + jax.random.normal(jax.random.split(key, 3)[i], (2,)),
                          jnp.zeros(2))
first = jax.random.split(key, 2)[0]
second = jax.random.split(key, 2)[1]
print(total, jax.random.normal(first), jax.random.normal(second))
