import jax
import jax.numpy as jnp

projection = jnp.ones((4, 2))


def embed(sample):
    return jnp.matmul(sample, projection)  # expect: JXE157


samples = jnp.linspace(0.0, 1.0, 5)
print(jax.vmap(embed)(samples))
