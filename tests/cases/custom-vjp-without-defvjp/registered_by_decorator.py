import jax
import jax.numpy as jnp


def with_rules(fwd, bwd):
    def register(function):
        function.defvjp(fwd, bwd)
        return function
    return register


@with_rules(lambda x: (jnp.sin(x), x), lambda x, g: (g * jnp.cos(x),))
@jax.custom_vjp
def soft_sin(x):
    return jnp.sin(x)


print(jax.grad(soft_sin)(0.5))
