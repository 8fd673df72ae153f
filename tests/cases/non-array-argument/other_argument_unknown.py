import jax
import jax.numpy as jnp


def load():
    return {"w": jnp.ones(3)}


def loss(params, reduction):
    return jnp.sum(params["w"]) if reduction == "sum" else jnp.mean(params["w"])


print(jax.jit(loss)(load(), "sum"))  # expect: JXE081
