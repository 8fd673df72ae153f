import jax


@jax.custom_vjp
def scaled(x, w):
    return x * w


def scaled_fwd(x, w):
    return x * w, (x, w)


def scaled_bwd(res, g):
    x, w = res
    return (g * w,)  # expect: JXE040


scaled.defvjp(scaled_fwd, scaled_bwd)
print(jax.grad(scaled)(2.0, 3.0))
