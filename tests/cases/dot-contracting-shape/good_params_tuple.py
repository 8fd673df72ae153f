import jax
import jax.numpy as jnp


def model(params, x):
    w, b = params
    return jnp.tanh(x @ w + b)


@jax.jit
def sized(params, x):
    w, n = params
    return x @ w, n


params = (jnp.ones((3, 4)), jnp.zeros(4))
print(model(params, jnp.ones((10, 3))).shape)
print(sized((jnp.ones((3, 4)), 7), jnp.ones((10, 3)))[0].shape)
