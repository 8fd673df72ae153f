import jax
from jax import lax


def repeat_square_root(x, n):
    return lax.fori_loop(0, n, lambda i, c: c ** 0.5, x)


# Without jit, n is a concrete Python int: fori_loop builds a scan.
print(jax.grad(repeat_square_root)(16.0, 3))
