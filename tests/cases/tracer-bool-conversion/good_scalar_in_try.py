import jax
import jax.numpy as jnp


@jax.jit
def step(x, training):
    return x * 0.5 if training else x


try:
    step(jnp.ones(3), True)
except jax.errors.TracerBoolConversionError:
    print("training must be static")
