import jax
import jax.numpy as jnp


def two(x, y):
    return x * y, x + y


out, f_vjp = jax.vjp(two, jnp.float32(2.0), jnp.float32(3.0))
print(f_vjp((1.0, 1.0, 1.0)))  # expect: JXE021
