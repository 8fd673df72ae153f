from typing import Any, Callable, NamedTuple

import jax
import jax.numpy as jnp


class Optimizer(NamedTuple):
    init: Callable[[Any], Any]
    update: Callable[[int, Any, Any], Any]
    get: Callable[[Any], Any]


def sgd_init(params):
    return params


def sgd_update(step, grads, state):
    return state - 0.01 * grads


def sgd_get(state):
    return state


def run_episode(optimizer, params):
    state = optimizer.init(params)
    grads = 2 * optimizer.get(state)
    state = optimizer.update(0, grads, state)
    return optimizer.get(state)


opt = Optimizer(sgd_init, sgd_update, sgd_get)
print(jax.jit(run_episode, static_argnums=(0,))(opt, jnp.ones(3)))
