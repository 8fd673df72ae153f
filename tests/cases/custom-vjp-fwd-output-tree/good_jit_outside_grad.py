# case: static — jax.jit(jax.grad(f)): the jit is outside the differentiation, the default path raises grad's non-scalar error, not this one
import jax
import jax.numpy as jnp


@jax.custom_vjp
def soft_sin(x):
    return jnp.sin(x)


def soft_sin_fwd(x):
    return (jnp.sin(x),), x


def soft_sin_bwd(x, g):
    return (g * jnp.cos(x),)


soft_sin.defvjp(soft_sin_fwd, soft_sin_bwd)


def loss(x):
    return soft_sin(x) ** 2


print(jax.jit(jax.grad(loss))(0.5))
