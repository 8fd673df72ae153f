import jax.numpy as jnp
import numpy as np

x = jnp.arange(3.0)
print(jnp.broadcast_to(x, (4, 3)), jnp.broadcast_to(x, [2, 4, 3]), jnp.broadcast_to(x, 3))
col = jnp.ones((2, 1))
print(jnp.broadcast_to(col, (2, 5)), jnp.broadcast_to(2.0, (4,)), jnp.broadcast_to(col, col.shape))
print(jnp.broadcast_to(jnp.ones(()), (3, 3)))
print(np.broadcast_to(np.ones(3), (2, 3)))
