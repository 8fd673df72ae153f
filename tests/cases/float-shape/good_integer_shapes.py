import jax
import jax.numpy as jnp

SCALE = 1.5
samples = 10
tile = jnp.ones((16, 16, 4))
target = (int(16 * SCALE), round(16 * SCALE), 4)
print(jax.image.resize(tile, target, method="bilinear").shape)
print(jnp.zeros((samples // 2, 3)).shape, jnp.arange(24.0).reshape(4, 6).shape)
print(jnp.full((2, 2), 0.5).shape)
