import jax
import jax.numpy as jnp

# One example each: rows of 3 against rows of 4.
a = jnp.ones((8, 3))
b = jnp.ones((8, 4))
print(jax.vmap(lambda x, y: jnp.dot(x, y))(a, b))  # expect: JXE103
