import jax.numpy as jnp
import jax.lax as L


def body(i, counts):
    return counts * 0.5


counts = jnp.zeros(3, dtype=jnp.int32)
print(L.fori_loop(0, 4, body, counts))  # expect: JXE096
