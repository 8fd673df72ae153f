import jax
import jax.numpy as jnp

image = jnp.ones((8, 8))
print(jnp.pad(image, ((1, 1), (2, 2))).shape, jnp.pad(image, 1).shape, jnp.pad(image, (1, 2)).shape)
print(jnp.pad(image, [(0, 0), (1, 1)], mode="edge").shape, jnp.pad(image, ((3, 1),)).shape, jnp.pad(image, (2,)).shape)
print(jax.vmap(lambda row: jnp.pad(row, (1, 1)))(image).shape, jnp.pad(jnp.float32(3.0), 1))
