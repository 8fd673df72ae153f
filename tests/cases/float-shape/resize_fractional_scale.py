import jax
import jax.numpy as jnp

SCALE = 1.5
tile = jnp.ones((16, 16, 4))
target = (16 * SCALE, 16 * SCALE, 4)
print(jax.image.resize(tile, target, method="bilinear").shape)  # expect: JXE170
