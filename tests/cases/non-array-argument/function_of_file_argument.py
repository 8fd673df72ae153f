import jax
import jax.numpy as jnp


def softplus(v):
    return jnp.log1p(jnp.exp(v))


def run(activation, x):
    return activation(x) + 1.0


print(jax.jit(run)(softplus, jnp.zeros(3)))  # expect: JXE081
