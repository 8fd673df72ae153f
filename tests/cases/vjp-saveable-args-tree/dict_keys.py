import jax
import jax.numpy as jnp


def loss(params):
    return jnp.sum(params["w"] + params["b"])


params = {"w": jnp.ones(3), "b": jnp.zeros(3)}
out, f_vjp = jax.vjp(loss, params, saveable_args=({"w": True, "bias": False},))  # expect: JXE026
print(out)
