import jax
import jax.numpy as jnp


def loss(params, x):
    return jnp.sum(jnp.tanh(x * params))


params = jnp.ones(3)
x = jnp.ones(3)
dx = jax.grad(loss, argnums=1)(params, x=x)  # expect: JXE024
print(dx)
