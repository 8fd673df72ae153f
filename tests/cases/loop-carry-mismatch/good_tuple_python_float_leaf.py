import jax.numpy as jnp
from jax import lax


def step(carry, x):
    total, count = carry
    return (total + jnp.sum(x), count + 1), x


# 0.0 is weakly typed float32[]; the body returns a float32 scalar: the types match.
print(lax.scan(step, (0.0, 0), jnp.ones((4, 3))))
