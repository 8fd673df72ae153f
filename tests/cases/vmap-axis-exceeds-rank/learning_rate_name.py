import jax
import jax.numpy as jnp


def update(w, g, lr):
    return w - lr * g


lr = 0.01
w = jnp.zeros((8, 2))
g = jnp.ones((8, 2))
print(jax.vmap(update)(w, g, lr))  # expect: JXE118
