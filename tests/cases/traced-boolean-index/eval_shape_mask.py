import jax
import jax.numpy as jnp


def positives(x):
    return x[x > 0]  # expect: JXE075


print(jax.eval_shape(positives, jnp.ones(3)))
