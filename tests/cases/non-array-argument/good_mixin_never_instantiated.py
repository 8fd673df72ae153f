# case: static — a mixin never instantiated here: the classes using it (elsewhere) may be pytrees
import jax
import jax.numpy as jnp


class EnergyMixin:
    @jax.jit
    def energy(self, x):
        return jnp.sum(self.k * x ** 2)
