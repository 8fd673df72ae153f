import numpy as np
import jax.numpy as jnp
from jax import lax

x = jnp.ones(3)
print(lax.add(x, np.ones(3)), lax.mul(x, np.float64(2.0)))
