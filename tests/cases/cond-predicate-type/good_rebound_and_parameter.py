import jax
from jax import lax


def positive(v):
    return v > 0


def choose(pred, x):
    return lax.cond(pred, lambda v: v, lambda v: -v, x)


flag = positive
flag = flag(2.0)
print(lax.cond(flag, lambda v: v, lambda v: -v, 2.0))
print(choose(True, 3.0))
print(jax.jit(choose)(False, 3.0))
