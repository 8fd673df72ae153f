import jax
import jax.numpy as jnp

print(jax.grad(lambda x: jnp.argmax(x))(jnp.array([0.1, 0.9, 0.3])))  # expect: JXE136
