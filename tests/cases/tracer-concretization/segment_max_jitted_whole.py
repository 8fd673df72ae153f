import jax
import numpy as np

features = np.arange(12, dtype=np.float32).reshape(4, 3)
ids = np.array([0, 0, 1, 1])
pool = jax.jit(jax.ops.segment_max)
print(pool(features, ids))  # expect: JXE071
