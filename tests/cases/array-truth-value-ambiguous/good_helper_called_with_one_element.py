import jax.numpy as jnp


def describe(x):
    if x > 0:
        return "positive"
    return "other"


# One element: its truth is the element's. The whole batch is asked with .all().
print(describe(jnp.array([4])))
print(describe(jnp.float32(-1.0)))
print(describe(jnp.array([1, 2, 3]).all()))
