import jax
import jax.numpy as jnp


def loss(params, x):
    return jnp.sum(x * params)


g = jax.grad(loss, argnums=1)
g = jax.grad(loss)
print(g(jnp.ones(2), x=jnp.ones(2)))
