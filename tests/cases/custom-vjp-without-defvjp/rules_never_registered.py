import jax
import jax.numpy as jnp


@jax.custom_vjp
def soft_sin(x):  # expect: JXE052
    return jnp.sin(x)


def soft_sin_fwd(x):
    return jnp.sin(x), x


def soft_sin_bwd(x, g):
    return (g * jnp.cos(x),)


print(jax.grad(soft_sin)(0.5))
