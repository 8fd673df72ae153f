from functools import partial

import jax
import jax.numpy as jnp


# vmap hands the unmapped n over as it is, but jit on top traces it first: the shape is a
# tracer (not a shape mismatch of (3,) and (4,)).
@jax.jit
@partial(jax.vmap, in_axes=(0, None))
def f(x, n):
    return x + jnp.ones(n)  # expect: JXE072


print(f(jnp.ones((2, 3)), 4))
