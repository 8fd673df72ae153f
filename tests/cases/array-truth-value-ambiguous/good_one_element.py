import jax.numpy as jnp

x = jnp.ones((1, 1))
if x > 0:  # one element: it is its truth value
    print("positive")
y = jnp.array([3])
print(bool(y))
