import jax
import jax.numpy as jnp

state = {"count": None, "mu": jnp.zeros(3)}
new = {"count": jnp.array(1), "mu": jnp.ones(3)}
print(jax.tree.map(lambda a, b: b, state, new))  # expect: JXE114
