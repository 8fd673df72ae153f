import jax.numpy as jnp


def make_layer(n_in, n_out):
    w = jnp.ones((n_in, n_out))
    b = jnp.zeros(n_in)
    return w, b


w, b = make_layer(4, 3)
x = jnp.ones((2, 4))
y = x @ w + b  # expect: JXE102
print(y)
