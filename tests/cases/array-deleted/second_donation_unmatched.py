import warnings

import jax
import jax.numpy as jnp

warnings.simplefilter("ignore")
combine = jax.jit(lambda p, q: p + q, donate_argnums=(0, 1))
a = jnp.ones(3)
b = jnp.ones(3)
c = combine(a, b)
print(b, c)
