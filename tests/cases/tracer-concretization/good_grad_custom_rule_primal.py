import jax


@jax.custom_jvp
def h(x):
    return x * float(x)


h.defjvp(lambda p, t: (p[0] * 2.0, t[0] * 2.0))
print(jax.grad(h)(1.0))
