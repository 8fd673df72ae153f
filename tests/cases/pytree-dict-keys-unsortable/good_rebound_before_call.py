import jax
import jax.numpy as jnp

state = {0: jnp.zeros(2), "aux": jnp.ones(2)}
state = {"layer0": state[0], "aux": state["aux"]}
print(jax.tree.leaves(state))

cache = {0: jnp.zeros(2), "aux": jnp.ones(2)}
del cache[0]
print(jax.tree.leaves(cache))
