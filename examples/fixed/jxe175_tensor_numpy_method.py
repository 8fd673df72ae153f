import jax.numpy as jnp
import numpy as np

weights = jnp.linspace(0.0, 1.0, 4)
print(np.asarray(weights))
