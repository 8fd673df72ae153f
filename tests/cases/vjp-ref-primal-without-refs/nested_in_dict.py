import jax
import jax.numpy as jnp


def loss(params):
    return jnp.sum(params["w"]) * jnp.sum(params["state"][...])


params = {"w": jnp.ones(2), "state": jax.new_ref(jnp.ones(2))}
out, f_vjp = jax.vjp(loss, params)
grads = f_vjp(1.0)  # expect: JXE012
