import jax
import jax.numpy as jnp

is_positive = lambda v: v > 0


def negate(v):
    return -v


x = jnp.float32(2.0)
y = jax.lax.cond(is_positive, lambda v: jnp.sqrt(v), negate, x)  # expect: JXE147
print(y)
