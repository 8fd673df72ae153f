import jax


@jax.custom_vjp
def product(x, y):
    return x * y


def product_fwd(x, y):
    return x * y, (x, y)


def product_bwd(res, g):
    x, y = res
    return (g * y,), {"g": g}  # expect: JXE040


product.defvjp_with_logs(product_fwd, product_bwd)
print(jax.grad(product)(2.0, 3.0))
