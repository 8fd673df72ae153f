import jax
import jax.numpy as jnp

rotation = jnp.eye(3)


def rotate(points):
    return jnp.einsum("nij,jk->nik", points, rotation)  # expect: JXE163


clouds = jnp.ones((8, 5, 3))
print(jax.vmap(rotate)(clouds).shape)
