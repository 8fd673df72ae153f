import jax
import jax.numpy as jnp


def apply(w, x):
    return w @ x


w = jnp.ones((3, 2))
x = jnp.ones(2)
print(jax.vmap(apply, in_axes=(None, 1))(w, x))  # expect: JXE118
