import numpy as np

# A NumPy array's reductions are NumPy scalars, which hash: not JAX arrays.
counts = np.array([1, 2, 3])
totals = {counts.sum(): "sum", counts.max(): "max"}
print(totals[counts.sum()], counts.min() in totals, hash(-counts.sum()))
samples = np.random.default_rng(0).integers(0, 10, size=4)
print({samples.T.sum(): "draws"})
