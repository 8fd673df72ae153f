import jax
from jax import lax


def steps_and_scale(x):
    steps, _ = lax.while_loop(lambda c: c[1] > 1.0, lambda c: (c[0] + 1, c[1] / 2.0), (0, x))
    return x * steps  # the integer counter carries no gradient: the loop is not transposed


print(jax.grad(steps_and_scale)(10.0))
