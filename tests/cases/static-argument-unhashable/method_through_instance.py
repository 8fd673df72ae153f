import functools

import jax
import jax.numpy as jnp


class Scaler:
    @functools.partial(jax.jit, static_argnums=(0, 1))
    def run(self, x, scale):
        return x * scale


scaler = Scaler()
print(scaler.run(jnp.array([1.0, 2.0]), 3.0))  # expect: JXE082
