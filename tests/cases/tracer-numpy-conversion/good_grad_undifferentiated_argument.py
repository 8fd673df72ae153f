import jax
import jax.numpy as jnp
import numpy as np


def loss(w, batch):
    features = np.asarray(batch)
    return jnp.sum(w * np.sin(features))


print(jax.grad(loss)(jnp.ones(3), jnp.ones(3)))
print(jax.grad(loss, argnums=0)(jnp.ones(3), jnp.ones(3)))
