import jax
import jax.numpy as jnp


def collapse(params):
    params["w"] = params["w"].sum()
    return params


def loss_fn(params, x):
    collapse(params)
    return x.sum() * params["w"]


params = {"w": jnp.ones((3,))}
grads = jax.grad(loss_fn)(params, jnp.ones(2))
