import jax
import jax.numpy as jnp

params = {"dense": (jnp.ones((2, 2)), jnp.zeros(2))}
scales = {"dense": jnp.ones(())}
print(jax.tree.map(lambda p, s: p * s, params, scales))  # expect: JXE114
