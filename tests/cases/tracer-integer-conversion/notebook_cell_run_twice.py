from jax import jit
import jax.numpy as jnp

# A notebook whose cell was run twice: every name is bound twice.
WEIGHTS = [1.0, 0.5, 0.25, 0.125]


def head_sum(x, k):
    return x * sum(WEIGHTS[:k])  # expect: JXE073


print(jit(head_sum)(jnp.ones(2), 2))

WEIGHTS = [1.0, 0.5, 0.25, 0.125]


def head_sum(x, k):
    return x * sum(WEIGHTS[:k])  # expect: JXE073


print(jit(head_sum)(jnp.ones(2), 2))
