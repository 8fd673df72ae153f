import jax
import jax.numpy as jnp

# One key is never compared with another.
print(jax.tree.leaves({None: jnp.ones(2)}), jax.jit(lambda d: d)({None: jnp.ones(2)}))
