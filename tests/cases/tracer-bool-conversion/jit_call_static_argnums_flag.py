import jax
import jax.numpy as jnp


def normalize(x, axis, center: bool):
    if center:  # expect: JXE070
        x = x - x.mean(axis, keepdims=True)
    return x / x.std(axis, keepdims=True)


norm = jax.jit(normalize, static_argnums=(1,))
print(norm(jnp.arange(6.0).reshape(2, 3), 1, True))
