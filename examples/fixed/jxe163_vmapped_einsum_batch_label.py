import jax
import jax.numpy as jnp

rotation = jnp.eye(3)


def rotate(points):
    return jnp.einsum("ij,jk->ik", points, rotation)  # one cloud per call: two labels


clouds = jnp.ones((8, 5, 3))
print(jax.vmap(rotate)(clouds).shape)
