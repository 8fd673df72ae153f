# case: static — `step` is jitted but the nondiff value comes through a helper of another module
from functools import partial

import jax
from config import factor_of


@partial(jax.custom_vjp, nondiff_argnums=(0,))
def scale(factor, x):
    return factor * x


scale.defvjp(lambda factor, x: (factor * x, None), lambda factor, res, g: (factor * g,))


@jax.jit
def step(name, x):
    return scale(factor_of(name), x)
