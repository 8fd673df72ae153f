import jax
import jax.numpy as jnp


def noise(key, x):
    return x + jax.random.normal(key, x.shape)


key = jax.random.key(0)
print(jax.vmap(noise)(key, jnp.ones((4, 3))))  # expect: JXE118
