import jax
import jax.numpy as jnp


def loss(w, mode):
    return jnp.sum(w ** 2) if mode == "train" else 0.0


print(jax.grad(loss)(jnp.ones(3), "train"))
