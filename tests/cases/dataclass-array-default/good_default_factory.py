import dataclasses
from typing import ClassVar, NamedTuple

import flax.struct
import jax
import jax.numpy as jnp

BASE = jnp.array([4.2e6, 3.9e6])


@dataclasses.dataclass(frozen=True)
class SlabConfig:
    depth: float = 50.0
    heat_capacity: jax.Array = dataclasses.field(default_factory=lambda: BASE)
    reference: ClassVar[jax.Array] = jnp.zeros(2)


@flax.struct.dataclass
class State:
    step: int = 0
    scale: tuple = (1.0, 2.0)


class Sample(NamedTuple):
    values: jax.Array = jnp.ones(2)


print(SlabConfig(), State(), Sample())
