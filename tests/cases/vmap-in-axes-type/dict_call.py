import jax
import jax.numpy as jnp


def norm(batch):
    return jnp.sqrt(batch["x"] ** 2 + batch["y"] ** 2)


batch = {"x": jnp.ones(4), "y": jnp.zeros(4)}
print(jax.vmap(norm, in_axes=dict(x=0, y=0))(batch))  # expect: JXE093
