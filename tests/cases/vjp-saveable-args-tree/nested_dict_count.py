import jax
import jax.numpy as jnp


def loss(params, x):
    return jnp.sum(params["w"] * x + params["b"])


params = {"w": jnp.ones(3), "b": jnp.zeros(3)}
x = jnp.ones(3)
out, f_vjp = jax.vjp(loss, params, x, saveable_args=((False,), True))  # expect: JXE026
print(out)
