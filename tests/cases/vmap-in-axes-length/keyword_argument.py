import jax
import jax.numpy as jnp


def loss(params, x):
    return jnp.sum(params * x)


params = jnp.ones(3)
batch = jnp.ones((8, 3))
print(jax.vmap(loss, in_axes=(None, 0))(params, x=batch))  # expect: JXE092
