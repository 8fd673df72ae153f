from typing import Any, Callable, NamedTuple

import jax
import jax.numpy as jnp


class Optimizer(NamedTuple):
    init: Callable[[Any], Any]
    update: Callable[[Any, Any], Any]


def sgd(step_size):
    def init(params):
        return params

    def update(grads, state):
        return jax.tree_util.tree_map(lambda p, g: p - step_size * g, state, grads)
    return init, update


optimizer = Optimizer(*sgd(0.1))


def episode(state, x):
    grads = jax.grad(lambda p: jnp.sum(p * x))(state)
    return optimizer.update(grads, state)  # (the optimizer is closed over, not an argument)


state = optimizer.init(jnp.ones(3))
step = jax.jit(episode)
print(step(state, jnp.arange(3.0)))
