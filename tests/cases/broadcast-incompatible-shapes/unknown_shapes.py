import jax.numpy as jnp


def combine(a, b):
    return a + b  # parameters: shapes unknown


x = jnp.ones(3)
for n in (3, 4):
    x = jnp.ones(n)  # rebound in a loop: unknown
print(combine(jnp.ones(2), jnp.ones(2)), x + jnp.ones(4))
