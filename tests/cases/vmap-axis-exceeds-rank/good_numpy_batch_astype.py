import jax
import jax.numpy as jnp
import numpy as np

rng = np.random.default_rng(0)
frames = rng.uniform(size=(6, 32)).astype(np.float32)
print(jax.vmap(jnp.fft.rfft, in_axes=0)(frames).shape)
print(jax.vmap(jnp.fft.rfft, in_axes=1)(frames.reshape(32, 6)).shape)
