import jax
import jax.numpy as jnp


@jax.jit
def clipped_norms(params, limit):
    norms = {}
    for name, w in params.items():
        norm = jnp.linalg.norm(w)
        w = jnp.where(norm > limit, w * (limit / norm), w)
        if w.ndim > 1:  # (a shape is static: a Python bool)
            name = name + "_matrix"
        norms[name] = jnp.linalg.norm(w)
    for i, w in enumerate(params.values()):
        if i == 0:  # (the position of enumerate is a Python int)
            norms["first"] = w.sum()
    return norms


params = {"dense": jnp.ones((3, 4)), "bias": jnp.zeros(4)}
print(clipped_norms(params, 1.0))
