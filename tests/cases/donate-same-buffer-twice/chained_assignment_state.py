import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, donate_argnames=("mu", "nu"))
def adam_moments(grads, mu, nu):
    mu = 0.9 * mu + 0.1 * grads
    nu = 0.999 * nu + 0.001 * grads * grads
    return mu, nu


grads = jnp.ones((2, 2))
mu = nu = jnp.zeros((2, 2))
mu, nu = adam_moments(grads, mu, nu)  # expect: JXE140
print(mu, nu)
