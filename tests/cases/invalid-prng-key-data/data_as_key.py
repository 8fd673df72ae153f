import jax
import jax.numpy as jnp

x = jnp.ones((4, 3))
key = jax.random.key(0)
print(jax.random.permutation(x, key))  # expect: JXE130
