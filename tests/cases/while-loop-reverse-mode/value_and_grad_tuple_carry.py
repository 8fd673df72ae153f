import jax
import jax.numpy as jnp
from jax import lax


def cond(state):
    step, _ = state
    return step < 5


def body(state):
    step, value = state
    return step + 1, jnp.sin(value)


def loss(x):
    _, final = lax.while_loop(cond, body, (0, x))  # expect: JXE107
    return final * 2.0


print(jax.value_and_grad(loss)(jnp.float32(0.5)))
