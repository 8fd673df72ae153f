import jax
import jax.numpy as jnp


def make():
    @jax.custom_vjp
    def soft_sin(x):
        return jnp.sin(x)

    return soft_sin


soft_sin = make()
soft_sin.defvjp(lambda x: (jnp.sin(x), x), lambda x, g: (g * jnp.cos(x),))
print(jax.grad(soft_sin)(0.5))
