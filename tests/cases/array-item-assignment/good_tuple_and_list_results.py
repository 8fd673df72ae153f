import jax
import jax.numpy as jnp

x = jnp.arange(4.0)
halves = jnp.split(x, 2)
halves[0] = jnp.zeros(2)
tree = jax.lax.stop_gradient({"w": x})
tree["w"] = jnp.ones(4)
nonzero = list(jnp.where(x > 1.0))
nonzero[0] = jnp.zeros(1, dtype=int)
print(halves, tree, nonzero)
