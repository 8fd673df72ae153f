import jax
import jax.numpy as jnp


class Tiler:
    def __init__(self, scale):
        self.scale = scale

    @jax.jit(static_argnames="reps")  # expect: JXE081
    def tile(self, x, reps):
        return jnp.tile(x, reps) * self.scale


print(Tiler(3.0).tile(jnp.ones(2), 2))
