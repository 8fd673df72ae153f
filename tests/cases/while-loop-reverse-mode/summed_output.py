import jax
import jax.numpy as jnp
from jax import lax


def loss(params, data):
    final = lax.while_loop(lambda p: jnp.max(p) < 10.0, lambda p: p + data, params)  # expect: JXE107
    return jnp.sum(final)


grads = jax.grad(loss)(jnp.ones(4), jnp.full(4, 0.5))
print(grads)
