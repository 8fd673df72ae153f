import jax.numpy as jnp

steps = [jnp.ones(3), jnp.ones(4)]
print(jnp.stack(steps))  # expect: JXE106
