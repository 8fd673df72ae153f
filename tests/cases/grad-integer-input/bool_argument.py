import jax


def f(x):
    return x * 2.0


print(jax.grad(f)(True))  # expect: JXE090
