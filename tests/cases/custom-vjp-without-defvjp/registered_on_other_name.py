import jax


def scale(x):
    return 2.0 * x


scaled = jax.custom_vjp(scale)  # expect: JXE052
scale_fwd = lambda x: (2.0 * x, None)
scale_bwd = lambda res, g: (2.0 * g,)
try:
    scale.defvjp(scale_fwd, scale_bwd)  # the plain function, not the custom_vjp one
except AttributeError:
    pass
print(scaled(1.0))
