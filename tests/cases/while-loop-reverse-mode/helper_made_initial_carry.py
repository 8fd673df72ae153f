import jax
import jax.numpy as jnp
from jax import lax


def smooth(v):
    return 0.5 * (v + jnp.tanh(v))


def settle(start, floor):
    def moving(state):
        previous, current = state
        return jnp.any(jnp.abs(previous - current) > 1e-3)

    def relax(state):
        _, current = state
        return current, jnp.maximum(smooth(current), floor)

    _, settled = lax.while_loop(moving, relax, (start, smooth(start)))  # expect: JXE107
    return settled


def loss(scale, field, target):
    settled = settle(field * scale, field)
    return jnp.mean((settled - target) ** 2)


print(jax.grad(loss)(1.5, jnp.linspace(-1.0, 1.0, 8), jnp.zeros(8)))
