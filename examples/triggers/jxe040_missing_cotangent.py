"""A bwd rule that forgets the cotangent of an argument with a default value (JXE040).

JAX passes default arguments to the rules like any other, so the bwd rule owes one cotangent
per argument of `leaky_relu`, `slope` included.
"""

import jax
import jax.numpy as jnp


@jax.custom_vjp
def leaky_relu(x, slope=0.01):
    return jnp.where(x > 0, x, slope * x)


def leaky_relu_fwd(x, slope=0.01):
    return leaky_relu(x, slope), (x, slope)


def leaky_relu_bwd(res, g):
    x, slope = res
    return (jnp.where(x > 0, g, slope * g),)  # expect: JXE040


leaky_relu.defvjp(leaky_relu_fwd, leaky_relu_bwd)

print(jax.grad(lambda v: jnp.sum(leaky_relu(v)))(jnp.array([-2.0, 0.5, 3.0])))
