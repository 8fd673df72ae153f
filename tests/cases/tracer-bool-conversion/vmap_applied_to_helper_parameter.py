import jax
import jax.numpy as jnp


def clipped_gain(level):
    if level > 0.5:  # expect: JXE070
        return 0.5 + 0.1 * (level - 0.5)
    return level


def gains(levels):
    return jax.vmap(clipped_gain)(levels)


print(gains(jnp.array([0.2, 0.7, 0.9])))
