"""A seed passed where jax.random expects a key (JXE130).

NumPy's `np.random.default_rng(seed)` habits: JAX samplers take a key, not a seed.
"""

import jax

seed = 0
weights = jax.random.normal(seed, (3, 2))  # expect: JXE130
print(weights.shape)
