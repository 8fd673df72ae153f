import jax
import jax.numpy as jnp


def register(function, fwd, bwd):
    function.defvjp(fwd, bwd)
    return function


@jax.custom_vjp
def soft_sin(x):
    return jnp.sin(x)


register(soft_sin, lambda x: (jnp.sin(x), x), lambda x, g: (g * jnp.cos(x),))
print(jax.grad(soft_sin)(0.5))
