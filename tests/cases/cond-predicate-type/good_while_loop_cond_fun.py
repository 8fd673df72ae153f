from jax import lax


def cond_fun(state):
    return state[0] < 5


def body_fun(state):
    return state[0] + 1, state[1] * 2.0


# while_loop takes its predicate as a function; cond takes a value
print(lax.while_loop(cond_fun, body_fun, (0, 1.0)))
print(lax.cond(cond_fun((0, 1.0)), lambda s: s[1], lambda s: -s[1], (0, 1.0)))
