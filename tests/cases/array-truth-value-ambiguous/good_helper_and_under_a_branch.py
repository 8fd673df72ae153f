import jax.numpy as jnp


def positive_even(x, check):
    # `and` asked only on the branch the call does not take, and element-wise otherwise
    if check:
        return (x % 2 == 0) and (x > 0)
    return jnp.logical_and(x % 2 == 0, x > 0)


print(positive_even(jnp.array([-1, 2, 5]), False))
print(positive_even(jnp.array([4]), True))
