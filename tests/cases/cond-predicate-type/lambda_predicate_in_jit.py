import jax
from jax import lax


@jax.jit
def f(x):
    return lax.cond(lambda v: v > 0, lambda v: v, lambda v: -v, x)  # expect: JXE147


print(f(1.0))
