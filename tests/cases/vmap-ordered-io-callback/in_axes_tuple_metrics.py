import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

LOG = []


def log_example(example):
    LOG.append(np.asarray(example).tolist())
    return np.float32(0.0)


def per_example_loss(w, x):
    loss = jnp.sum((w * x) ** 2)
    io_callback(log_example, jax.ShapeDtypeStruct((), jnp.float32), x, ordered=True)  # expect: JXE141
    return loss


losses = jax.vmap(per_example_loss, in_axes=(None, 0))
print(losses(jnp.ones(4), jnp.ones((8, 4))))
