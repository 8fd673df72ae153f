import jax
import jax.numpy as jnp


def loss(w):
    return jnp.sum(w * 0.5)


steps = jnp.array([1, 2, 3]) * 2
print(jax.grad(loss)(steps))  # expect: JXE090
