import jax
import jax.numpy as jnp

mask = jnp.ones(7, dtype=bool)
logits = jax.random.normal(jax.random.key(1), (2, 8))
full = jnp.broadcast_to(mask, logits.shape)  # expect: JXE121
print(full)
