import jax
import jax.numpy as jnp


@jax.custom_vjp
def leaky(x, slope=0.1):
    return jnp.where(x > 0, x, slope * x)


def leaky_fwd(x, slope=0.1):
    return leaky(x, slope), (x, slope)


def leaky_bwd(res, g):
    x, slope = res
    return (jnp.where(x > 0, g, slope * g),)  # expect: JXE040


leaky.defvjp(leaky_fwd, leaky_bwd)
print(jax.grad(leaky)(-2.0))
