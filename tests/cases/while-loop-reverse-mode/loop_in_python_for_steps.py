import jax
import jax.numpy as jnp
from jax import lax

DT = 0.05


def push_back(height, speed):
    def deep(state):
        count, _, gap = state
        return (gap > 1e-5) & (count < 20)

    def correct(state):
        count, impulse, _ = state
        depth = jnp.minimum(height + DT * (speed + impulse), 0.0)
        updated = jnp.maximum(impulse - depth / DT, 0.0)
        return count + 1, updated, jnp.abs(updated - impulse)

    _, impulse, _ = lax.while_loop(deep, correct, (0, 0.0, jnp.inf))  # expect: JXE107
    return impulse


def advance(height, speed):
    speed = speed - DT * 9.81
    speed = speed + push_back(height, speed)
    return height + DT * speed, speed


def miss(speed0, height0, goal):
    height, speed = height0, speed0
    for _ in range(4):
        height, speed = advance(height, speed)
    return (height - goal) ** 2


print(jax.jit(jax.grad(miss))(1.0, 0.2, 0.5))
