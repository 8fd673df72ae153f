import jax.numpy as jnp
import numpy as np

tokens = jnp.zeros(8, dtype=np.int32)
tokens = tokens.at[0].set(5)
print(tokens)
