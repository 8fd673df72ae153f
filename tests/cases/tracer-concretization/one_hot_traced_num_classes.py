import jax
import jax.numpy as jnp


@jax.jit
def encode(labels, num_classes):
    return jax.nn.one_hot(labels, num_classes)  # expect: JXE071


print(encode(jnp.array([0, 2, 1]), 3))
