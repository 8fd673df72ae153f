# case: static — the first argument is a parameter: if it were a list, JAX would name position 0
import jax.numpy as jnp


def f(a):
    return jnp.dot(a, [1.0, 2.0])
