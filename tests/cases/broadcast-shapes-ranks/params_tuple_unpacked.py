import jax.numpy as jnp


def model(params, x):
    w, b = params
    return jnp.tanh(x @ w + b)  # expect: JXE102


# The bias has 5 entries for 4 outputs.
params = (jnp.ones((3, 4)), jnp.zeros(5))
print(model(params, jnp.ones((10, 3))))
