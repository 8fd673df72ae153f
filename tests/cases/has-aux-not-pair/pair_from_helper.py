import jax
import jax.numpy as jnp


def with_aux(value):
    return value, {"value": value}


def loss(w):
    return with_aux(jnp.sum(w ** 2))


print(jax.grad(loss, has_aux=True)(jnp.ones(2)))
