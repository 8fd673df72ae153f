import jax
import jax.numpy as jnp

params = {"w": jnp.ones((5, 3)), "b": jnp.zeros(())}
batched = jax.vmap(lambda p: p["w"] + p["b"], in_axes=({"w": 0, "b": None},))
print(batched(params).shape)
