import jax
import jax.numpy as jnp


def keep_going(carry):
    return carry[0] < 5


def advance(carry):
    count, total = carry
    return count + 1, total * 1.5, total


print(jax.lax.while_loop(keep_going, advance, (0, jnp.ones(3))))  # expect: JXE096
