import jax.numpy as jnp
from jax import lax

SETTINGS = {"slots": 6, "storage": jnp.bfloat16}

buffer = jnp.zeros(SETTINGS["slots"], SETTINGS["storage"])
buffer = lax.dynamic_update_slice(buffer, jnp.ones(2), (1,))  # expect: JXE098
print(buffer)
