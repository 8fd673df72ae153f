import jax
import jax.numpy as jnp


@jax.jit
def noisy(x):
    key = jax.random.key(0)
    key += 1  # expect: JXE129
    return x + jax.random.normal(key, x.shape)


print(noisy(jnp.ones(3)))
