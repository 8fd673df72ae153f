import jax
import jax.numpy as jnp


def lookup(uv, tex):
    extent = jnp.array(tex.shape[:2])
    ij = jnp.floor(uv * extent).astype(jnp.int32)
    return tex[ij[0], ij[1]]


def sample(points, tex):
    return jax.vmap(lookup, (0, None))(points, tex)


tex = jnp.ones((16, 12, 2))
points = jax.random.uniform(jax.random.PRNGKey(0), (100, 2))
print(sample(points, tex).shape)
