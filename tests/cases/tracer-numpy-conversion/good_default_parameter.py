import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def shifted(x, offset=np.float32(1.0)):
    return x + np.sin(offset)


print(shifted(jnp.ones(2)))
