import jax


@jax.custom_vjp
def total(*xs):
    return sum(xs)


def total_fwd(*xs):
    return sum(xs), len(xs)


def total_bwd(n, g):
    return (g, g)  # the number of arguments depends on the call


total.defvjp(total_fwd, total_bwd)
print(jax.grad(total, argnums=(0, 1))(1.0, 2.0))
