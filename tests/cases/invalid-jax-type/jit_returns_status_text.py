import jax
import jax.numpy as jnp


@jax.jit
def status(params):
    """What the training loop prints."""
    return "ready"  # expect: JXE142


print(status(jnp.ones(3)))
