import jax
import jax.numpy as jnp


@jax.grad
def slope(x):
    return jnp.tanh(x)


print(slope(jnp.linspace(0.0, 1.0, 5)))  # expect: JXE091
