from functools import partial

from jax import jit


@partial(jit, static_argnums=1)  # expect: JXE131
def scale(x, *, factor):
    return x * factor


print(scale(2.0, factor=3))
