from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


def window_lengths(num_steps, num_windows=3):
    lengths = np.full(num_windows, num_steps // num_windows)
    lengths[-1] += num_steps - lengths.sum()
    return tuple(int(n) for n in lengths)


@partial(jax.jit, static_argnums=(1,))
def scaled(x, factor):
    return x * factor


a = np.ones(3)
print(scaled(jnp.ones(3), a.sum()))
print(scaled(jnp.ones(3), a.max()))
print(scaled(jnp.ones(3), np.sum(a)))
print(scaled(jnp.ones(3), np.float32(1.5)))
print(scaled(jnp.ones(3), np.mean(a)))
print(scaled(jnp.ones(3), a @ a))
print(scaled(jnp.ones(3), window_lengths(12)[0]))
