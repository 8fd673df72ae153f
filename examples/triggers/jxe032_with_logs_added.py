"""`with_logs=True` added to a custom_gradient whose VJP function still returns only the
cotangents (JXE032).

With `with_logs=True` the VJP function must return `(in_cts, logs)`; a one-element cotangent
tuple is not a pair, and JAX raises TypeError as soon as the function is differentiated.
"""

import jax
import jax.numpy as jnp


@jax.custom_gradient(with_logs=True)
def clipped_sqrt(x):
    y = jnp.sqrt(x)
    return y, lambda g: (jnp.clip(g / (2 * y), -10.0, 10.0),)  # expect: JXE032


print(jax.grad(clipped_sqrt)(4.0))
