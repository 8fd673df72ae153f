import jax.numpy as jnp

parts = [jnp.ones(2), jnp.zeros(2)]
print(sum(parts), jnp.stack(parts).sum(0), jnp.mean(jnp.stack(parts)))
