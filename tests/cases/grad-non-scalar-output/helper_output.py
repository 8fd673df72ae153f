import jax
import jax.numpy as jnp


def residual(x):
    return jnp.exp(x) - 1.0


def objective(x):
    return residual(x)


print(jax.grad(objective)(jnp.zeros(2)))  # expect: JXE091
