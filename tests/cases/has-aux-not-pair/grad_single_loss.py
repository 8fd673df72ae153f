import jax
import jax.numpy as jnp


def loss(w, x):
    return jnp.mean((x @ w) ** 2)


w = jnp.ones(3)
x = jnp.ones((4, 3))
g, aux = jax.grad(loss, has_aux=True)(w, x)  # expect: JXE023
print(g, aux)
