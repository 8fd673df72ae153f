import jax
import jax.numpy as jnp


def clip_below(v, floor):
    return max(v, floor)  # expect: JXE070


batched = jax.vmap(clip_below, in_axes=(0, None))
print(batched(jnp.linspace(-1.0, 1.0, 5), 0.0))
