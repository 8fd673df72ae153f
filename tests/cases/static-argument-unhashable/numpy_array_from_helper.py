from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


def window_lengths(num_steps, num_windows=3):
    lengths = np.full(num_windows, num_steps // num_windows)
    lengths[-1] += num_steps - lengths.sum()
    return lengths


@partial(jax.jit, static_argnums=(1,))
def warmup(x, lengths):
    for n in lengths:
        x = x * 0.5 + n
    return x


print(warmup(jnp.zeros(3), window_lengths(12)))  # expect: JXE082
