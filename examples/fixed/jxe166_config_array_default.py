import dataclasses

import jax
import jax.numpy as jnp


@dataclasses.dataclass
class Reactor:
    volume: float = 2.0
    rates: jax.Array = dataclasses.field(default_factory=lambda: jnp.array([0.3, 0.05]))


print(Reactor())
