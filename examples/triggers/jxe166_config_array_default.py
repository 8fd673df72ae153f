import dataclasses

import jax
import jax.numpy as jnp


@dataclasses.dataclass
class Reactor:
    volume: float = 2.0
    rates: jax.Array = jnp.array([0.3, 0.05])  # expect: JXE166


print(Reactor())
