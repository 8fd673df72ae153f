import jax.numpy as jnp


def zero_first(values):
    values = jnp.asarray(values)
    values[0] = 0.0  # expect: JXE080
    return values


print(zero_first([1.0, 2.0, 3.0]))
