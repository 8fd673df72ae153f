import numpy as np
import jax.numpy as jnp

u = jnp.arange(3.0)
m = np.ones((3, 3))
print(jnp.einsum("i,i->", u, m))  # expect: JXE163
