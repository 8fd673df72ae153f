import jax.numpy as jnp


def describe(x):
    is_even = x % 2 == 0
    if x > 0 and is_even:  # expect: JXE117
        return "positive and even"
    return "other"


scores = jnp.array([1, 2, 3])
print(describe(scores))
