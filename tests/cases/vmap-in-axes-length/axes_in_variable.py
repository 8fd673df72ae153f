import jax
import jax.numpy as jnp

AXES = (0, None, None)


def f(x, y):
    return x * y


print(jax.vmap(f, in_axes=AXES)(jnp.ones(3), 2.0))  # expect: JXE092
