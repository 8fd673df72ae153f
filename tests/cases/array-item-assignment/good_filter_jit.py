# case: static — Equinox is not installed; a filter_jit parameter's type is not shown by the code
import equinox as eqx
import numpy as np


@eqx.filter_jit
def update(state):
    state[0] = 1.0
    return state


update(np.zeros(3))
