import jax


@jax.custom_vjp
def weighted(x, y, z):
    return x + 2.0 * y + 3.0 * z


def weighted_fwd(x, y, z):
    return weighted(x, y, z), None


def weighted_bwd(_, g):
    return tuple(w * g for w in (1.0, 2.0, 3.0))


weighted.defvjp(weighted_fwd, weighted_bwd)
print(jax.grad(weighted, argnums=(0, 1, 2))(1.0, 1.0, 1.0))
