import jax

weights = [0.5, 1.5, 2.5, 3.5]


def keep_going(state):
    step, _ = state
    return step < 4


def accumulate(state):
    step, total = state
    return step + 1, total + weights[step]  # expect: JXE073


print(jax.lax.while_loop(keep_going, accumulate, (0, 0.0)))
