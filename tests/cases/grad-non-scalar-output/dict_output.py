import jax
import jax.numpy as jnp


def metrics(w):
    return {"loss": jnp.sum(w ** 2), "norm": jnp.sum(jnp.abs(w))}


print(jax.value_and_grad(metrics)(jnp.ones(3)))  # expect: JXE091
