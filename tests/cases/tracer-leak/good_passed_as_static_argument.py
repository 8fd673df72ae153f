# case: static — a leaked tracer passed as a static argument is hashed first (TypeError), not computed with
from functools import partial

import jax
import jax.numpy as jnp

state = {}


@jax.jit
def init(seed):
    state["w"] = jnp.full(3, seed)
    return seed


@partial(jax.jit, static_argnums=0)
def step(w, x):
    return x * 2.0


init(0.5)
print(step(state["w"], jnp.ones(3)))
