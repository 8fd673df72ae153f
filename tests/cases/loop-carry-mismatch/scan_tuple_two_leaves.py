import jax.numpy as jnp
from jax import lax


def step(carry, x):
    n, acc = carry
    return (n * 1.0, acc + jnp.ones(2)), None


print(lax.scan(step, (jnp.int32(1), jnp.ones(())), None, length=2))  # expect: JXE096
