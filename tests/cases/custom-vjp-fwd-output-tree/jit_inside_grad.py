import jax
import jax.numpy as jnp


@jax.custom_vjp
def soft_sin(x):
    return jnp.sin(x)


def soft_sin_fwd(x):
    return (jnp.sin(x),), x  # expect: JXE043


def soft_sin_bwd(x, g):
    return (g * jnp.cos(x),)


soft_sin.defvjp(soft_sin_fwd, soft_sin_bwd)


def scaled(x):
    return 3.0 * soft_sin(x)


def loss(x):
    return scaled(x) ** 2


print(jax.grad(jax.jit(loss))(0.5))
