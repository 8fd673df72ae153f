import jax
from jax import lax


def scaled(x):
    count = lax.while_loop(lambda c: c < 10.0, lambda c: c * 2.0, 1.0)
    return x * count


print(jax.grad(scaled)(3.0))
