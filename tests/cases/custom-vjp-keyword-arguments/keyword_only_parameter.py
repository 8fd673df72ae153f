import jax
import jax.numpy as jnp


@jax.custom_vjp
def leaky(x, *, slope=0.01):
    return jnp.where(x > 0, x, slope * x)


def leaky_fwd(x, slope=0.01):
    return jnp.where(x > 0, x, slope * x), x


def leaky_bwd(x, g):
    return (jnp.where(x > 0, g, 0.01 * g),)


leaky.defvjp(leaky_fwd, leaky_bwd)
print(leaky(jnp.ones(3), slope=0.1))  # expect: JXE053
