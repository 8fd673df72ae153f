import jax.numpy as jnp
import numpy as np

tokens = np.zeros(8, dtype=np.int32)
tokens = tokens.at[0].set(5)  # expect: JXE177
print(tokens)
