import jax
import jax.numpy as jnp


def _cube(x):
    return x ** 3


cube = jax.custom_vjp(_cube)  # expect: JXE052
print(jax.jit(cube)(jnp.float32(2.0)))
