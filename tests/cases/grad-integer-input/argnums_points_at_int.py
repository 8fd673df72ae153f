import jax
import jax.numpy as jnp


def loss(params, scale):
    return jnp.sum(params) * scale


grads = jax.grad(loss, argnums=1)(jnp.ones(3), 2)  # expect: JXE090
print(grads)
