import jax
import jax.numpy as jnp


def perturb(position):
    return position + 0.5


start = jnp.zeros(3)
walkers = jax.vmap(perturb, in_axes=None, axis_size=16)(start)  # the ensemble's size, given
print(walkers.shape)
