import jax as J
import jax.numpy as jnp


def halve_until_small(x):
    while x > 1.0:  # expect: JXE070
        x = x / 2.0
    return x


print(J.jit(halve_until_small)(jnp.float32(10.0)))
