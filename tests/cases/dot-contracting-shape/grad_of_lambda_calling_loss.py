import jax
import jax.numpy as jnp


def loss(w, x, y):
    pred = x @ w  # expect: JXE103
    return jnp.mean((pred - y) ** 2)


# grad differentiates the lambda, which calls loss with the weights it is given: 3 features
# against 4 weights.
x = jnp.ones((10, 3))
y = jnp.ones(10)
w = jnp.zeros(4)
print(jax.grad(lambda p: loss(p, x, y))(w))
