import jax
import jax.numpy as jnp

labels = ["cat", "dog", "bird"]


@jax.jit
def describe(batch):
    values, which = batch
    return values * len(labels[which])  # expect: JXE073


print(describe((jnp.ones(2), jnp.array(1))))
