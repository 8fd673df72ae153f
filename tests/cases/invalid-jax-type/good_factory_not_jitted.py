import jax
import jax.numpy as jnp


def make_scaler(scale):
    return lambda v: v * scale


scaler = jax.jit(make_scaler(jnp.float32(2.0)))  # jit the function the factory makes
print(scaler(3.0))
