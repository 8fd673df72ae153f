import jax


@jax.custom_jvp
def total(*xs):
    return sum(xs)


total.defjvps(lambda t, out, *xs: t, lambda t, out, *xs: t)
print(jax.grad(total)(1.0, 2.0))
