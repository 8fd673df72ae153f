import jax
import jax.numpy as jnp

params = {"w": jnp.ones(3), "b": jnp.zeros(3)}
pair = params  # an alias that then changes what both names hold
pair.clear()
pair.update({"w": (jnp.ones(3), jnp.ones(3)), "b": (jnp.zeros(3), jnp.zeros(3))})
mix = jax.tree_util.tree_map(lambda p, q: p + q[0] + q[1], {"w": 1.0, "b": 2.0}, params)
print(mix)
