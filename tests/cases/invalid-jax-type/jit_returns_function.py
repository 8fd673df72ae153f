import jax
import jax.numpy as jnp


def make_scaler(scale):
    return lambda v: v * scale  # expect: JXE142


scaler = jax.jit(make_scaler)(jnp.float32(2.0))
print(scaler(3.0))
