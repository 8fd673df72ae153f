import jax
import jax.numpy as jnp


def loss(w, x, y):
    return (x * w - y) ** 2


w = jnp.ones(4)
x = jnp.ones(4)
y = jnp.zeros(4)
print(jax.grad(loss)(w, x, y))  # expect: JXE091
