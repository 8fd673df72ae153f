import jax
import jax.numpy as jnp

x, v = jnp.ones(3), jnp.array([1.0, 0.0, 0.0])
print(jax.jvp(jnp.sin, x, v))  # expect: JXE171
