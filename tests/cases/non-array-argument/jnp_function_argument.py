import jax
import jax.numpy as jnp


def run(activation, x):
    return activation(x) + 1.0


run_jit = jax.jit(run)
print(run_jit(jnp.sin, jnp.zeros(3)))  # expect: JXE081
