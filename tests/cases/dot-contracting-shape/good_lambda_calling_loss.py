import jax
import jax.numpy as jnp


def loss(w, x, y):
    pred = x @ w
    return jnp.mean((pred - y) ** 2)


x = jnp.ones((10, 3))
y = jnp.ones(10)
print(jax.grad(lambda p: loss(p, x, y))(jnp.zeros(3)))
# vmap hands the lambda one row of 3 weights at a time (the whole (5, 3) would not fit).
print(jax.vmap(lambda p: loss(p, x, y))(jnp.zeros((5, 3))).shape)
print(jax.jit(lambda p: loss(p, x, y) if p.shape[0] == 3 else loss(p[:3], x, y))(jnp.zeros(4)))
