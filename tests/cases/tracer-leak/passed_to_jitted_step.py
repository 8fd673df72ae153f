import jax
import jax.numpy as jnp

state = {}


@jax.jit
def init(seed):
    w = jnp.full(3, seed)
    state["w"] = w  # expect: JXE077
    return w


@jax.jit
def step(w, x):
    return w - 0.1 * x


init(0.5)
print(step(state["w"], jnp.ones(3)))
