import jax
import jax.numpy as jnp


def scale(x, factor):
    return x * factor


xs = jnp.ones((4, 3))
print(jax.vmap(scale, in_axes=(0, None))(xs, 2.0))
print(jax.vmap(scale, (0, None))(xs, 2.0))
print(jax.vmap(lambda x: x * 2, in_axes=1)(jnp.ones((3, 2))))
print(jax.vmap(lambda x: x.sum(), in_axes=-1)(jnp.ones(3)))
