import jax
import jax.numpy as jnp

print(jax.vmap(lambda x: x * 2.0, in_axes=0, out_axes="batch")(jnp.ones(3)))  # expect: JXE093
