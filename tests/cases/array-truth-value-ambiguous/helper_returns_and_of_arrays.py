import jax.numpy as jnp


def positive_even(x):
    is_even = x % 2 == 0
    return is_even and (x > 0)  # expect: JXE117


x = jnp.array([-1, 2, 5])
print(positive_even(x))
