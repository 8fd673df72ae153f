import jax
import jax.numpy as jnp


def loss(params, n):
    return jnp.sum(params) * n


print(jax.grad(loss)(jnp.ones(3), 4))
print(jax.grad(loss, argnums=0)(jnp.ones(3), n=4))
