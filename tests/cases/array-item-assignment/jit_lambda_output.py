import jax
import jax.numpy as jnp

readings = jnp.array([3.0, 4.0, 5.0])
halved = jax.jit(lambda r: r / 2)(readings)
halved[1] = 1.0  # expect: JXE080
print(halved)
