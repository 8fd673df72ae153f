import jax
import jax.numpy as jnp


@jax.jit
def clip(x):
    if x > 0:  # expect: JXE070
        return x
    return 0.0


def debug_sin(v):
    with jax.disable_jit():  # only what runs inside runs without jit
        return jnp.sin(v)


debug_sin(1.0)
clip(2.0)
