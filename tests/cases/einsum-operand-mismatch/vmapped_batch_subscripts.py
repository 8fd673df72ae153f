import jax
import jax.numpy as jnp

mixing = jnp.ones((3, 5))


def mix(frames):
    return jnp.einsum("tij,jk->tik", frames, mixing)  # expect: JXE163


batch = jnp.ones((4, 2, 3))
print(jax.vmap(mix)(batch))
