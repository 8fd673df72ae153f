import jax
import jax.numpy as jnp


def norm(batch):
    return jnp.sqrt(batch[0] ** 2 + batch["y"] ** 2)


batch = {0: jnp.ones(4), "y": jnp.ones(4)}
print(jax.vmap(norm)(batch))  # expect: JXE146
