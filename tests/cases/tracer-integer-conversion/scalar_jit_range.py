import jax
import jax.numpy as jnp


def repeat_add(x, times):
    for _ in range(times):  # expect: JXE073
        x = x + 1.0
    return x


print(jax.jit(repeat_add)(jnp.zeros(2), 3))
