import jax
import jax.numpy as jnp

names = ["w", "b"]
params = {name: jnp.ones(2) for name in names}
more = dict(zip(names, [jnp.zeros(2), jnp.zeros(2)]))
key = "w" if len(names) > 1 else 0
computed = {key: jnp.ones(2), "b": jnp.ones(2)}
print(jax.tree.leaves(params), jax.tree.leaves(more), jax.tree.leaves(computed))
