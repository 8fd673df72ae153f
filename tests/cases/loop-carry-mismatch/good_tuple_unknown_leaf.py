# case: static — the initial accumulator is a parameter: its type is not shown
from jax import lax


def energy(acc0, spins):
    def body(i, state):
        acc, s = state
        return acc - s[:, i] * s[:, i + 1], s

    return lax.fori_loop(0, spins.shape[1] - 1, body, (acc0, spins))
