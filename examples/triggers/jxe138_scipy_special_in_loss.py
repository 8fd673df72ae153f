"""A SciPy function called through jax.pure_callback inside a differentiated loss (JXE138).

The loss evaluates a special function JAX does not implement on the host; `jax.grad` then has
to push a tangent through the callback, which has no derivative.
"""

import jax
import jax.numpy as jnp
import numpy as np
from scipy import special


def host_erfcx(x):
    return special.erfcx(x).astype(np.float32)


def loss(w, x):
    z = w * x
    values = jax.pure_callback(host_erfcx, jax.ShapeDtypeStruct(z.shape, z.dtype), z)  # expect: JXE138
    return jnp.sum(values)


print(jax.grad(loss)(jnp.float32(0.5), jnp.linspace(0.0, 1.0, 4)))
