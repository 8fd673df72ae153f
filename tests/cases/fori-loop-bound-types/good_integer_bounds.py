import jax
import jax.numpy as jnp

steps = 10
print(jax.lax.fori_loop(0, steps // 2, lambda i, acc: acc + i, 0))
print(jax.lax.fori_loop(0, jnp.int32(3), lambda i, acc: acc + i, 0))
print(jax.lax.fori_loop(0, int(10 / 2), lambda i, acc: acc + i, 0))
