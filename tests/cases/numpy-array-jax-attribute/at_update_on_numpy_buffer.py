import jax.numpy as jnp
import numpy as np


def fill(first):
    tokens = np.zeros((8,), dtype=np.int32)
    tokens = tokens.at[0].set(first)  # expect: JXE177
    return jnp.asarray(tokens)


print(fill(5))
