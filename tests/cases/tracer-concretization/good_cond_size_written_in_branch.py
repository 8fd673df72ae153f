import jax
import jax.numpy as jnp
from jax import lax


def grid(n, offset):
    return jnp.arange(n) - offset


def sample(fine, offset):
    def dense(operands):
        return grid(32, operands)[:16] / 2

    def sparse(operands):
        return grid(32, operands)[:16]

    return lax.cond(fine, dense, sparse, offset)


print(jax.jit(sample)(True, 0.05))
