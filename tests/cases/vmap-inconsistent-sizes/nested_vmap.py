import jax
import jax.numpy as jnp


def f(x, y):
    return x * y


print(jax.vmap(jax.vmap(f))(jnp.ones((3, 4)), jnp.ones((3, 4))))
print(jax.vmap(jax.vmap(f), in_axes=(0, None))(jnp.ones((3, 4)), jnp.ones(4)))
