import jax
import jax.numpy as jnp


@jax.jit
def update(w, options):
    return w - options["lr"] * w


print(update(jnp.ones(2), {"lr": 0.1, "schedule": "cosine"}))  # expect: JXE081
