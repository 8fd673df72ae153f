import jax.numpy as jnp
import numpy as np

buf = jnp.zeros(3)
for step in range(2):
    if step > 0:
        buf[0] = step
    buf = np.array(buf)
print(buf)
