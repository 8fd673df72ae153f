import jax
import jax.numpy as jnp


@jax.jit
def f(x):
    return jnp.exp([x * i for i in range(3)])  # expect: JXE097


print(f(1.0))
