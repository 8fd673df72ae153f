import jax
import jax.numpy as jnp


def loss(w, n):
    return jnp.sum(w * jnp.ones(n)) + jnp.sum(jnp.zeros((n, 2)))


print(jax.grad(loss)(2.0, 3))
n = 4
print(jnp.zeros(n).shape, jnp.arange(6.0).reshape(n // 2, -1).shape)
