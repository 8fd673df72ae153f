import jax
import jax.numpy as jnp


def radius(x):
    return jnp.hypot(x, 2.0)


@jax.jit
def loss(x):
    return radius(x) ** 2


print(jax.grad(loss)(1.5))
