import jax.numpy as jnp

picked = jnp.zeros((0,))
if picked:  # expect: JXE117
    print("something was picked")
