"""The bwd rule returns one entry per argument: None for `slope`, which gets no gradient."""

import jax
import jax.numpy as jnp


@jax.custom_vjp
def leaky_relu(x, slope=0.01):
    return jnp.where(x > 0, x, slope * x)


def leaky_relu_fwd(x, slope=0.01):
    return leaky_relu(x, slope), (x, slope)


def leaky_relu_bwd(res, g):
    x, slope = res
    return (jnp.where(x > 0, g, slope * g), None)


leaky_relu.defvjp(leaky_relu_fwd, leaky_relu_bwd)

print(jax.grad(lambda v: jnp.sum(leaky_relu(v)))(jnp.array([-2.0, 0.5, 3.0])))
