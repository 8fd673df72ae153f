import jax
import jax.numpy as jnp


def loss(w):
    return jnp.sum(w ** 2)


print(jax.grad(loss)(jnp.arange(4, dtype=jnp.float32)))
print(jax.grad(loss)(jnp.arange(4).astype(jnp.float32)))
print(jax.grad(loss)(jnp.array([1, 2]) * 1.5))
