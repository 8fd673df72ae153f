from jax import lax


def registry(f):
    return f(1.0)  # a decorator may replace the function by anything, here a value


@registry
def positive(v):
    return v > 0


print(lax.cond(positive, lambda v: v, lambda v: -v, 2.0))
