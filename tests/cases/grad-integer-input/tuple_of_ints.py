import jax


def f(pair):
    a, b = pair
    return a * b * 1.0


print(jax.grad(f)((1.0, 2)))  # expect: JXE090
