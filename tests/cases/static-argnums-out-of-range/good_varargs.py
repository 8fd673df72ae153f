import jax


def total(x, *rest):
    return x + sum(rest)


print(jax.jit(total, static_argnums=3)(1.0, 2.0, 3.0, 4))
