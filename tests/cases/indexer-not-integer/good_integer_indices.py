import jax.numpy as jnp
import numpy as np

x = jnp.arange(7.0)
n = 7
print(x[n // 2], x[int(n / 2)], x[jnp.array(2)], x[jnp.floor(2.7).astype(jnp.int32)])
print(x[x > 2.0], x[1:3], x[None, 2], x[..., 0], x[True])
print(np.arange(3)[1])
