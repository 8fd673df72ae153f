import jax
import jax.numpy as jnp

k1, k2, k3 = jax.random.split(jax.random.key(0), 3)
print(jax.random.choice(k1, 5, shape=(5,), replace=False))
print(jax.random.choice(k2, jnp.ones((3, 7)), shape=(5,), replace=False, axis=1).shape)
print(jax.random.choice(k3, 3, shape=(0, 9), replace=False).shape)
