import jax
import numpy as np

rng = np.random.default_rng(0)
x = rng.normal(size=(8, 3))
w = rng.uniform(-1.0, 1.0, size=(3, 2))
print(jax.jit(lambda a, b: a @ b)(x, w).shape)
print(jax.grad(lambda s: s * 2.0)(rng.normal()))  # no size: a Python float
# The product of the whole arrays is in a branch that does not run for these shapes.
print(jax.jit(lambda a, b: (a @ b).sum() if a.shape[1] == b.shape[0] else a.sum())(x, x))
