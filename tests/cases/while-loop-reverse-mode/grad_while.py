import jax
from jax import lax


def halve_until_small(x):
    return lax.while_loop(lambda c: c > 1.0, lambda c: c / 2.0, x)  # expect: JXE107


print(jax.grad(halve_until_small)(10.0))
