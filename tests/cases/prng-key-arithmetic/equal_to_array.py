import jax
import jax.numpy as jnp

key = jax.random.fold_in(jax.random.key(0), 3)
print(key == jnp.zeros(2, jnp.uint32))  # expect: JXE129
