import jax.numpy as J_np

import jax as J

f = J.vmap(lambda x: x + 1.0, "batch")  # expect: JXE093
print(f(J_np.ones(3)))
