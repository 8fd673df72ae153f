import jax
import jax.numpy as jnp

import pkg


def main():
    try:
        return jax.jit(pkg.ops.scale)(jnp.ones(3), 8)
    except AttributeError as error:  # `import pkg` alone imports no pkg.ops
        return str(error)
