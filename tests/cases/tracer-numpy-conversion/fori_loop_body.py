import jax
import numpy as np


def body(i, total):
    return total + np.cos(total)  # expect: JXE074


print(jax.lax.fori_loop(0, 3, body, 1.0))
