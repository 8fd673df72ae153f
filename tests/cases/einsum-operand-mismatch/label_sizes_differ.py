import jax
import jax.numpy as jnp

keys = jax.random.split(jax.random.key(0), 2)
queries = jax.random.normal(keys[0], (6, 4, 32))
memory = jax.random.normal(keys[1], (9, 4, 16))


def scores(q, k):
    return jnp.einsum("q h d, k h d -> h q k", q, k)  # expect: JXE163


print(scores(queries, memory).shape)
