import jax
import jax.numpy as jnp
import numpy as np


def loss(w, batch):
    w_host = np.asarray(w)  # expect: JXE074
    return jnp.sum(w_host * batch)


print(jax.grad(loss)(jnp.ones(3), jnp.ones(3)))
