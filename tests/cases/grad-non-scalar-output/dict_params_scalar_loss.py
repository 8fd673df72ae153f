import jax
import jax.numpy as jnp

params = {"w": jnp.ones(3), "b": 0.5}


def loss(p, x):
    pred = x * p["w"] + p["b"]
    return jnp.mean(pred ** 2)


grads = jax.grad(loss)(params, jnp.ones(3))
print(grads)
