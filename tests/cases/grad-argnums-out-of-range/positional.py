import jax
import jax.numpy as jnp


def loss(params, x, scale=1.0):
    return jnp.sum(jnp.tanh(x * params)) * scale


params = jnp.ones(3)
x = jnp.ones(3)
print(jax.grad(loss, argnums=1)(params, x, scale=2.0))
print(jax.value_and_grad(loss, argnums=(0, 1))(params, x))
print(jax.grad(loss)(params, x=x))
