import jax
import jax.numpy as jnp

params = {"w": jnp.ones(3), "b": jnp.zeros(())}
batched = jax.vmap(lambda p, x: p["w"] * x + p["b"], in_axes=({"w": None, "bias": None}, 0))
print(batched(params, jnp.ones((5, 3))))  # expect: JXE115
