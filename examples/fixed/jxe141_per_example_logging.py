"""The batch is logged once, outside the vmapped function, in order."""

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

SEEN = []


def log_batch(batch):
    SEEN.extend(np.asarray(batch).tolist())
    return np.int32(len(SEEN))


def predict(w, x):
    return jnp.dot(w, x)


batch = jnp.ones((4, 3))
io_callback(log_batch, jax.ShapeDtypeStruct((), jnp.int32), batch, ordered=True)
print(jax.vmap(predict, in_axes=(None, 0))(jnp.ones(3), batch))
