import jax


def f(x, n):
    return x * n


try:
    jax.jit(f, static_argnums=1, static_argnames="m", donate_argnums=5)
except ValueError as error:
    print("the names are checked first:", error)
