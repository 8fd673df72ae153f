import jax
import jax.numpy as jnp
from jax import lax


def shrink(v):
    return 0.5 * v


def grow(v):
    return 2.0 * v


@jax.jit
def adjust(x):
    return lax.switch(x > 1.0, [shrink, grow], x)  # expect: JXE173


print(adjust(jnp.float32(3.0)))
