import jax
import numpy as np

rng = np.random.default_rng(0)
counts = rng.integers(0, 5, size=3)  # int64 in NumPy, int32 to JAX
print(jax.grad(lambda c: (c * 1.5).sum())(counts))  # expect: JXE090
