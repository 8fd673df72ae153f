"""A custom_gradient(with_logs=True) VJP function returning (in_cts, logs) (JXE032, fixed)."""

import jax
import jax.numpy as jnp


@jax.custom_gradient(with_logs=True)
def clipped_sqrt(x):
    y = jnp.sqrt(x)
    return y, lambda g: ((jnp.clip(g / (2 * y), -10.0, 10.0),), {"g": g})


print(jax.grad(clipped_sqrt)(4.0))
_, pull = jax.vjp(clipped_sqrt, 4.0)
print(pull.with_logs(1.0))
