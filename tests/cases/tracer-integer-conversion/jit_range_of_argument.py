import jax
import jax.numpy as jnp


@jax.jit
def power(x, n):
    result = jnp.ones_like(x)
    for _ in range(n):  # expect: JXE073
        result = result * x
    return result


print(power(jnp.arange(3.0), 3))
