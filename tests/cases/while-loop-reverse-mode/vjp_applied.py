import jax
import jax.numpy as jnp
from jax import lax


def settle(x):
    return lax.while_loop(lambda c: jnp.max(c) > 1.0, lambda c: c * 0.5, x)  # expect: JXE107


out, pullback = jax.vjp(settle, jnp.full(3, 8.0))
print(pullback(jnp.ones_like(out)))
