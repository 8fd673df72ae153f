import jax
import jax.numpy as jnp

pairs = jax.vmap(lambda a, b: a * b, in_axes=(0, 0))(a=jnp.ones(2), b=jnp.ones(2))  # expect: JXE092
print(pairs)
