import jax.numpy as jnp
import numpy as np

buf = np.zeros(3)
buf[0] = 1.0
scaled = np.ones(3) * 2.0
scaled[1] += 1.0
flipped = np.zeros((2, 2)).T
flipped[0, 1] = 3.0
total = np.sum(np.ones((2, 2)), axis=0)
total[0] = 0.0
print(jnp.asarray(buf), scaled, flipped, total)
