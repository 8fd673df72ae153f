import dataclasses

import jax
import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class SlabConfig:
    depth: float = 50.0
    heat_capacity: jax.Array = jnp.array([4.2e6, 3.9e6])  # expect: JXE166


print(SlabConfig())
