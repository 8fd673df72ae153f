import jax.numpy as jnp

x = jnp.array([-1.0, 2.0, 5.0])
if (x > 0).all():
    print("all positive")
if jnp.any(x > 0):
    print("some positive")
if jnp.sum(x) > 0:
    print("positive sum")
assert jnp.array_equal(x, x)
