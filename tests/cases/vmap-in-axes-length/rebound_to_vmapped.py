import jax
import jax.numpy as jnp


def scale(x, factor):
    return x * factor


print(scale(jnp.ones(3), 2.0))
scale = jax.vmap(scale, in_axes=(0, None))
print(scale(jnp.ones((4, 3)), 2.0))
print(scale(jnp.ones((4, 3))))  # expect: JXE092
