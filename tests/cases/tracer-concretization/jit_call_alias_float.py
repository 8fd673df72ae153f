from jax import jit
import jax.numpy as jnp


def temperature_scale(logits, temperature):
    t = float(temperature)  # expect: JXE071
    return logits / t


scaled = jit(temperature_scale)
print(scaled(jnp.ones(4), 0.5))
