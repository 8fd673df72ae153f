import jax
import jax.numpy as jnp

keys = jax.random.split(jax.random.key(0), 8)
noise = jax.vmap(lambda k, x: x + jax.random.normal(k))(keys, jnp.ones(4))  # expect: JXE094
print(noise)
