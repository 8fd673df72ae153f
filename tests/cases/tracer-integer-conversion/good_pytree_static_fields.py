import dataclasses

import flax.struct
import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class SimState:
    positions: jax.Array
    steps: int = dataclasses.field(metadata=dict(static=True), default=3)


@flax.struct.dataclass
class Config:
    threshold: jax.Array
    mode: str = flax.struct.field(pytree_node=False, default="add")


@dataclasses.dataclass
class Meta:
    x: jax.Array
    n: int


jax.tree_util.register_dataclass(Meta, data_fields=["x"], meta_fields=["n"])


@jax.jit
def run(state):
    for _ in range(state.steps):
        state = dataclasses.replace(state, positions=state.positions + 1.0)
    return state


@jax.jit
def apply(config: Config, x):
    if config.mode == "add":
        return x + config.threshold
    return x


@jax.jit
def meta(m):
    return jnp.zeros(m.n) + m.x


@jax.jit
def fixed(state):
    return jax.lax.fori_loop(0, state.positions.shape[0], lambda _, s: s + 1.0, state.positions)


print(run(SimState(jnp.zeros((4, 2)))))
print(apply(Config(jnp.float32(1.0)), jnp.ones(3)))
print(meta(Meta(jnp.ones(2), 2)))
print(fixed(SimState(jnp.zeros((4, 2)))))
