import numpy as np
import jax
import jax.numpy as jnp


def normalize(v, xnp=np):
    return v / xnp.linalg.norm(v, axis=-1, keepdims=True)  # expect: JXE074


def directions(angles, xnp=np):
    d = xnp.stack([xnp.cos(angles), xnp.sin(angles), xnp.ones_like(angles)], axis=-1)
    return normalize(d)  # xnp not handed on: normalize runs NumPy on what jnp made


@jax.jit
def render(angles):
    return directions(angles, xnp=jnp).sum()


print(render(jnp.linspace(0.0, 1.0, 8)))
