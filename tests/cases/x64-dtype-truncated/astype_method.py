import warnings

import jax.numpy as jnp

warnings.simplefilter("error")
x = jnp.linspace(0.0, 1.0, 4)
total = x.astype(jnp.float64).sum()  # expect: JXE109
print(total)
