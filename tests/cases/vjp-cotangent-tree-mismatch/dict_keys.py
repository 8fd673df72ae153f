import jax
import jax.numpy as jnp


def metrics(w):
    return {"loss": jnp.sum(w ** 2), "aux": jnp.mean(w)}


out, f_vjp = jax.vjp(metrics, jnp.ones(3))
print(f_vjp({"loss": 1.0}))  # expect: JXE021
