import jax.numpy as jnp
import numpy as np

table = jnp.arange(6.0)
ids = jnp.array([0, 7])
print(jnp.take(table, ids, mode="fill"), jnp.take(table, ids, mode="clip"), jnp.take(table, ids, mode="wrap"))
print(np.take(np.arange(3), [0, 2], mode="raise"))  # NumPy's own take raises only on bad indices
