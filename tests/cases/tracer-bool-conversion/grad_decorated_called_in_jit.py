import jax
import jax.numpy as jnp


@jax.grad
def penalty(theta):
    if theta > 1.0:  # expect: JXE070
        return (theta - 1.0) ** 2
    return 0.0 * theta


@jax.jit
def descend(theta):
    return theta - 0.5 * penalty(theta)


print(descend(jnp.float32(2.0)))
