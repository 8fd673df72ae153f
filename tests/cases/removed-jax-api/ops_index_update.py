import jax
import jax.numpy as jnp

x = jnp.zeros(4)
y = jax.ops.index_update(x, 0, 1.0)  # expect: JXE100
print(y)
