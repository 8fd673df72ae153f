import jax.numpy as jnp

x = jnp.array([-1.0, 2.0, 5.0])
if x > 0:  # expect: JXE117
    print("positive")
