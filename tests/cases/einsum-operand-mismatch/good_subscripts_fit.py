import jax
import jax.numpy as jnp

mixing = jnp.ones((3, 5))


def mix(frame):
    return jnp.einsum("ij,jk->ik", frame, mixing)


def project(x):
    return jnp.einsum("...j,jk->...k", x, mixing)


batch = jnp.ones((4, 2, 3))
print(jax.vmap(mix)(batch).shape, project(batch).shape)
print(jnp.einsum("ij,jk->ik", jnp.ones((2, 3)), jnp.ones((1, 5))).shape)  # a size of 1 broadcasts
print(jnp.einsum("q h d, k h d -> h q k", jnp.ones((6, 4, 8)), jnp.ones((9, 4, 8))).shape)
print(jnp.einsum("ii->i", jnp.eye(3)), jnp.einsum(jnp.ones((2, 3)), [0, 1], jnp.ones(3), [1]))
