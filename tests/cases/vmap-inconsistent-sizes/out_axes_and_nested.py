import jax
import jax.numpy as jnp


def f(x, y):
    return x + y, y


pair = jax.vmap(f, in_axes=(0, None), out_axes=(0, None))(jnp.ones(3), jnp.ones(4))
print(pair[0].shape, pair[1].shape)
inner = jax.vmap(f, in_axes=(0, 0))
print(jax.vmap(inner, in_axes=(1, 1))(jnp.ones((3, 2)), jnp.ones((3, 2)))[0].shape)
