import jax
import jax.numpy as jnp

print(jax.pmap(lambda x: x * int(x))(jnp.ones(1)))  # expect: JXE071
