import jax.numpy as jnp
import numpy as np

result = jnp.arange(4.0) * 2.0
host = np.asarray(result)
host.block_until_ready()  # expect: JXE177
print(host)
