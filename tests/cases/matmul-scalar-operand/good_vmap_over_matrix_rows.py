import jax
import jax.numpy as jnp

projection = jnp.ones((4, 2))


def embed(sample):
    return jnp.matmul(sample, projection)


samples = jnp.ones((5, 4))
print(jax.vmap(embed)(samples))
