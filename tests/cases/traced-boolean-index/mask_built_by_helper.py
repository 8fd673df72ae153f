from functools import partial

import jax
import jax.numpy as jnp


def body_mask(n_tokens, n_header):
    return jnp.arange(n_tokens) >= n_header


@partial(jax.jit, static_argnums=(1, 2))
def body_energy(x, n_tokens, n_header):
    mask = body_mask(n_tokens, n_header)
    return (x[mask] ** 2).sum()  # expect: JXE075


print(body_energy(jnp.linspace(0.0, 1.0, 10), 10, 4))
