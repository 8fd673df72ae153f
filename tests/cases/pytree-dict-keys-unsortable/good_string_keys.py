import jax
import jax.numpy as jnp

state = {"0": jnp.zeros(2), "1": jnp.zeros(2), "count": jnp.array(0)}
print(jax.tree.map(lambda x: x + 1, state))
