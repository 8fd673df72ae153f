import jax
import jax.numpy as jnp
from equinox.internal import ω


@jax.jit
def scaled(x):
    # `x**ω` is equinox's ω (JAX defers to its reflected operator): `.ω` unwraps it.
    return (x**ω * 2.0).ω


print(scaled(jnp.ones(3)))
