import functools

import jax


def logged(fn):
    @functools.wraps(fn)
    def wrapper(*args):
        return fn(*args)
    return wrapper


@logged
def f(x, n):
    return x * n


print(jax.jit(f, static_argnums=1)(2.0, 3))
g = jax.jit(functools.partial(f, 2.0), static_argnums=0)
print(g(3))
