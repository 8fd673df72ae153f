# case: static — the bwd rule comes from another module
from functools import partial

import jax
from rules import scale_bwd


@partial(jax.custom_vjp, nondiff_argnums=(0,))
def scale(factor, x):
    return factor * x


scale.defvjp(lambda factor, x: (factor * x, None), scale_bwd)
