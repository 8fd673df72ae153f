import jax.numpy as jnp

seen = {jnp.float32(1.0), jnp.float32(2.0)}  # expect: JXE113
print(len(seen))
