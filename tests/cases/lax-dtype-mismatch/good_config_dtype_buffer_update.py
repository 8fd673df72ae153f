import jax.numpy as jnp
from jax import lax

SETTINGS = {"slots": 6, "storage": jnp.bfloat16}

buffer = jnp.zeros(SETTINGS["slots"], SETTINGS["storage"])
update = jnp.ones(2).astype(SETTINGS["storage"])
buffer = lax.dynamic_update_slice(buffer, update, (1,))
print(buffer)
