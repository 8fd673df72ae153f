import jax
import jax.numpy as jnp
from jax import lax


def grid(n, offset):
    return jnp.arange(n) - offset  # expect: JXE071


def sample(fine, offset):
    def dense(operands):
        n, shift = operands
        return grid(n, shift)[:16] / 2

    def sparse(operands):
        n, shift = operands
        return grid(n, shift)[:16]

    return lax.cond(fine, dense, sparse, (32, offset))


print(jax.jit(sample)(True, 0.05))
