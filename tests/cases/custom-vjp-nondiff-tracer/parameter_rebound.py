from functools import partial

import jax


@partial(jax.custom_vjp, nondiff_argnums=(0,))
def scale(factor, x):
    return factor * x


scale.defvjp(lambda factor, x: (factor * x, None), lambda factor, res, g: (factor * g,))

FACTORS = {"double": 2.0}


@partial(jax.jit, static_argnums=0)
def step(factor, x):
    factor = FACTORS[factor]
    return scale(factor, x)


print(step("double", 3.0))
