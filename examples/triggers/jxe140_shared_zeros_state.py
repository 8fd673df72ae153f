"""An optimizer state whose two moments start as one zeros array, donated to the step (JXE140).

`mu = nu = jnp.zeros_like(w)` binds both names to the same array; the jitted step donates both
moments, and XLA refuses to hand one buffer over twice.
"""

import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, donate_argnums=(1, 2))
def moments(grads, mu, nu):
    mu = 0.9 * mu + 0.1 * grads
    nu = 0.999 * nu + 0.001 * grads * grads
    return mu, nu


w = jnp.ones(8)
mu = nu = jnp.zeros_like(w)
mu, nu = moments(jnp.full(8, 0.5), mu, nu)  # expect: JXE140
print(mu, nu)
