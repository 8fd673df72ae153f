# case: static — the initial carry is a parameter: its dtype and shape are not in the file
from jax import lax


def accumulate(init, xs):
    return lax.scan(lambda c, x: (c + x, None), init, xs)


def count(start):
    return lax.fori_loop(0, 3, lambda i, c: c + 1.5, start)
