import jax
import numpy as np

swap = jax.jit(lambda a, b: (b * 2.0, a * 3.0), donate_argnums=(0, 1))
x = np.arange(4.0, dtype=np.float32)
print(swap(x, x))
