import jax
import jax.numpy as jnp

SPECIAL = {0.0, 1.0}


def loss(x: float):
    if x in SPECIAL:  # expect: JXE113
        return x
    return jnp.sin(x)


print(jax.grad(loss)(0.5))
