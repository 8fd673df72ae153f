import jax
import jax.numpy as jnp


def predict(w, x):
    return jnp.dot(w, x)


w = jnp.ones((2, 3))
xs = jnp.ones((5, 3))
print(jax.vmap(predict)(w, xs))  # expect: JXE094
