import jax
import jax.numpy as jnp


def loss(w, x):
    y = x @ w  # expect: JXE103
    return jnp.sum(y ** 2)


w = jnp.ones((3, 4))
x = jnp.ones((5, 4))
print(jax.grad(loss)(w, x))
