import jax.numpy as jnp

x = jnp.array([1.0, 2.0])
try:
    if x > 0:
        print("positive")
except ValueError as error:
    print("as documented:", error)
