import jax
import jax.numpy as jnp


class Settings:
    scale = 2.0


def apply(x, settings):
    return x * settings.scale


apply_fast = jax.jit(apply)
print(apply_fast(jnp.ones(2), Settings))  # expect: JXE081
