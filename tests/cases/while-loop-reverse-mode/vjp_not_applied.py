import jax
import jax.numpy as jnp
from jax import lax


def settle(x):
    return lax.while_loop(lambda c: jnp.max(c) > 1.0, lambda c: c * 0.5, x)


out, pullback = jax.vjp(settle, jnp.full(3, 8.0))  # linearizing works; only the pullback fails
print(out)
