import dataclasses

import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclasses.dataclass(frozen=True)
class Schedule:
    warmup: float = 0.1
    horizon: int = dataclasses.field(default=6, metadata=dict(static=True))


@jax.jit
def ramp(level, plan: Schedule):
    steps = jnp.zeros((plan.horizon,))
    return steps + level * plan.warmup


print(ramp(jnp.float32(2.0), Schedule()))
