import jax
import jax.numpy as jnp

scales = {"dense": jnp.ones(())}
params = {"dense": (jnp.ones((2, 2)), jnp.zeros(2))}
# The first tree has a leaf where the second has a pair: allowed (a prefix).
print(jax.tree.map(lambda s, p: s, scales, params))
