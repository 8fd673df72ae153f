import jax
import jax.numpy as jnp


def clipped_gain(level):
    return jnp.where(level > 0.5, 0.5 + 0.1 * (level - 0.5), level)


def gains(levels):
    return jax.vmap(clipped_gain)(levels)


def first_gain(level, threshold):
    if threshold > 0.5:
        return level * threshold
    return level


def first_gains(levels, threshold):
    return jax.vmap(first_gain, in_axes=(0, None))(levels, threshold)


print(gains(jnp.array([0.2, 0.7, 0.9])))
print(first_gains(jnp.array([0.2, 0.7]), 0.8))
