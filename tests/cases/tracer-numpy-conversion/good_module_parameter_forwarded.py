import numpy as np
import jax
import jax.numpy as jnp


def normalize(v, xnp=np):
    return v / xnp.linalg.norm(v, axis=-1, keepdims=True)


def directions(angles, xnp=np):
    d = xnp.stack([xnp.cos(angles), xnp.sin(angles), xnp.ones_like(angles)], axis=-1)
    return normalize(d, xnp=xnp)


@jax.jit
def render(angles):
    return directions(angles, xnp=jnp).sum()


print(render(jnp.linspace(0.0, 1.0, 8)), directions(np.linspace(0.0, 1.0, 8)).shape)
