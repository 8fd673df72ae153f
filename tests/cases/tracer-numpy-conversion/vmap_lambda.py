import jax
import jax.numpy as jnp
import numpy as np

rows = jnp.ones((4, 3))
norms = jax.vmap(lambda r: np.sqrt(r @ r))(rows)  # expect: JXE074
print(norms)
