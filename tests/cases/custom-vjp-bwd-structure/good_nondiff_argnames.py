from functools import partial

import jax


@partial(jax.custom_vjp, nondiff_argnames=("n",))
def power(x, n):
    return x ** n


def power_fwd(x, n):
    return x ** n, x


def power_bwd(n, x, g):
    return (g * n * x ** (n - 1),)  # one entry: n is not differentiable


power.defvjp(power_fwd, power_bwd)
print(jax.grad(power)(2.0, 3))
