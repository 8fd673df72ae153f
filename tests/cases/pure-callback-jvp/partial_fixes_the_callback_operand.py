from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


def scaled(scale, x):
    factor = jax.pure_callback(lambda s: np.float32(np.sqrt(s)), jax.ShapeDtypeStruct((), jnp.float32), scale)
    return jnp.sum(x * factor)


by_four = partial(scaled, jnp.float32(4.0))
print(jax.grad(by_four)(jnp.ones(3)))
