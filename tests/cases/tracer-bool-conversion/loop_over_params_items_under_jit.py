import jax
import jax.numpy as jnp


@jax.jit
def clipped_norms(params, limit):
    norms = {}
    for name, w in params.items():
        norm = jnp.linalg.norm(w)
        if norm > limit:  # expect: JXE070
            w = w * (limit / norm)
        norms[name] = jnp.linalg.norm(w)
    return norms


params = {"dense": jnp.ones((3, 4)), "bias": jnp.zeros(4)}
print(clipped_norms(params, 1.0))
