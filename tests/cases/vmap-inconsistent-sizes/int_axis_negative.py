import jax
import jax.numpy as jnp

f = jax.vmap(lambda u, v: u * v, in_axes=-1)
print(f(jnp.ones((4, 2)), jnp.ones((5, 3))))  # expect: JXE094
