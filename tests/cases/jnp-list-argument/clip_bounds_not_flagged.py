import jax.numpy as jnp

x = jnp.ones(3)
print(jnp.clip(x, 0.0, 1.0), jnp.linalg.norm(x, ord=2), jnp.max(x, initial=0.0))
