import jax
import jax.numpy as jnp

batch_seen = {}


def loss(w, x):
    batch_seen["x"] = x
    return jnp.sum((w * x) ** 2)


g = jax.grad(loss)(jnp.ones(3), jnp.arange(3.0))
print(batch_seen["x"] + 1.0)
