import jax.numpy as jnp


def histogram(bins):
    counts = jnp.zeros(4)
    for b in bins:
        counts[b] += 1  # expect: JXE080
    return counts


print(histogram([0, 2, 2]))
