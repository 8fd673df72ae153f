import jax
import numpy as np

# A NumPy generator's arrays reach the jitted lambda as JAX arrays: (8, 3) @ (4, 2).
rng = np.random.default_rng(0)
x = rng.normal(size=(8, 3))
w = rng.uniform(-1.0, 1.0, size=(4, 2))
print(jax.jit(lambda a, b: a @ b)(x, w))  # expect: JXE103
