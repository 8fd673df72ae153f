import numpy as np
import jax
import jax.numpy as jnp

squash = lambda v: np.clip(v, -1.0, 1.0)  # expect: JXE074


def score(row):
    return jnp.sum(squash(row) * 2.0)


print(jax.vmap(score)(jnp.arange(6.0).reshape(2, 3)))
