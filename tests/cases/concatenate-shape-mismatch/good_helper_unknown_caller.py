import os

import jax.numpy as jnp


def append_rows(xs, n_cols):
    return jnp.concatenate([xs, jnp.zeros((2, n_cols))], axis=0)


def run(n_cols):
    return append_rows(jnp.ones((3, 5)), n_cols)


print(append_rows(jnp.ones((3, 4)), 4).shape)
# the width comes from the environment here: the checker cannot know it (5 when unset)
print(run(int(os.environ.get("JAXERR_CASE_COLS", "5"))).shape)
