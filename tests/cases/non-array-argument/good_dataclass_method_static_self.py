import dataclasses
import functools

import jax
import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class Scaler:
    factor: float

    @functools.partial(jax.jit, static_argnums=0)
    def apply(self, x):
        return x * self.factor


print(Scaler(2.0).apply(jnp.ones(3)))
