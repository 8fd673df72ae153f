import dataclasses

import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclasses.dataclass(frozen=True)
class Schedule:
    warmup: float = 0.1
    horizon: int = 6


@jax.jit
def ramp(level, plan: Schedule):
    steps = jnp.zeros((plan.horizon,))  # expect: JXE072
    return steps + level * plan.warmup


print(ramp(jnp.float32(2.0), Schedule()))
