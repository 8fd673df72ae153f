import jax
import jax.numpy as jnp


def predict(params, x):
    return x @ params["w"] + params["b"]


def loss_fn(params, x, y):
    return jnp.mean((predict(params, x) - y) ** 2)


params = {"w": jnp.ones((3,)), "b": jnp.asarray(0.0)}
grads = jax.grad(loss_fn)(params, jnp.ones((4, 3)), jnp.zeros(4))
