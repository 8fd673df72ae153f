import jax


def f(x, n):
    return x * n


def f(x, n, k):  # noqa: F811
    return x * n * k


print(jax.jit(f, static_argnums=2)(1.0, 2, 3))
