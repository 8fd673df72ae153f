import jax


def with_scale(fn):
    def wrapped(x):
        return fn(x, 2.0)
    return wrapped


@jax.custom_vjp
@with_scale
def scaled(x, s):
    return x * s


def scaled_fwd(x):
    return scaled(x), None


def scaled_bwd(_, g):
    return (2.0 * g,)  # one argument as JAX sees the wrapped function


scaled.defvjp(scaled_fwd, scaled_bwd)
print(jax.grad(scaled)(1.0))
