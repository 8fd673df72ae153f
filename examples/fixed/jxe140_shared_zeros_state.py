"""Each moment gets its own zeros array."""

import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, donate_argnums=(1, 2))
def moments(grads, mu, nu):
    mu = 0.9 * mu + 0.1 * grads
    nu = 0.999 * nu + 0.001 * grads * grads
    return mu, nu


w = jnp.ones(8)
mu = jnp.zeros_like(w)
nu = jnp.zeros_like(w)
mu, nu = moments(jnp.full(8, 0.5), mu, nu)
print(mu, nu)
