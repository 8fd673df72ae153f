import jax
import jax.numpy as jnp
from jax import lax


def activation(kind, x):
    branches = [lambda v: jnp.tanh(v), lambda v: jax.nn.relu(v), lambda v: v[:, None]]
    return lax.switch(kind, branches, x)  # expect: JXE095


print(activation(1, jnp.arange(3.0)))
