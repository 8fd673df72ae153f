from typing import NamedTuple

import jax
import jax.numpy as jnp

SIZE, UNITS = 8, 3


class World(NamedTuple):
    positions: jax.Array  # int16[UNITS, 2]
    energy: jax.Array  # int16[UNITS]
    field: jax.Array  # float32[SIZE, SIZE]


def reset(key):
    k1, k2 = jax.random.split(key)
    pos = jax.random.randint(k1, (UNITS, 2), 0, SIZE).astype(jnp.int16)
    field = jnp.round(2.0 * jax.random.uniform(k2, (SIZE, SIZE)))
    return World(pos, jnp.full(UNITS, 50, jnp.int16), field)


def move(world, actions):
    moves = jnp.array([[0, 0], [0, 1], [1, 0], [0, -1], [-1, 0]], jnp.int16)
    pos = jnp.clip(world.positions + moves[actions], 0, SIZE - 1)
    gain = world.field[pos[:, 0], pos[:, 1]]
    return world._replace(positions=pos, energy=jnp.round(world.energy + gain - 1))


def rollout(key, num_steps=10):
    actions = jax.random.randint(key, (num_steps, UNITS), 0, 5)

    def body(world, a):
        world = move(world, a)
        return world, world.energy.sum()
    return jax.lax.scan(body, reset(key), actions)  # expect: JXE096


final, trace = jax.jit(rollout)(jax.random.PRNGKey(0))
print(final.energy, trace)
