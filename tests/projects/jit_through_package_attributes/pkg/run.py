import jax
import jax.numpy as jnp

import pkg


def main():
    return jax.jit(pkg.nn.activations.relu)(jnp.float32(1.0))
