import jax
import jax.numpy as jnp

print(jax.random.key(jnp.int32(7)), jax.random.key(jnp.array(3)))
