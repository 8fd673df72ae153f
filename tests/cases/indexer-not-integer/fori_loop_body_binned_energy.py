import jax.numpy as jnp
from jax import lax

LOW = -float(8)
WIDTH = 2.0


def visit(i, carry):
    levels, counts = carry
    slot = (jnp.sum(levels * jnp.roll(levels, 1)) - LOW) // WIDTH
    return levels, counts.at[slot].add(1.0)  # expect: JXE123


print(lax.fori_loop(0, 4, visit, (jnp.ones(8), jnp.zeros(9))))
