import jax as J
import jax.numpy as jnp


def drop_negative(values):
    return values[values >= 0.0]  # expect: JXE075


fast = J.jit(drop_negative)
print(fast(jnp.array([-1.0, 2.0])))
