import jax
import jax.numpy as jnp


def hits(scores, threshold):
    return jnp.sum(scores > threshold)


scores = jnp.array([0.2, 0.7, 0.9])
print(jax.value_and_grad(hits)(scores, 0.5))  # expect: JXE136
