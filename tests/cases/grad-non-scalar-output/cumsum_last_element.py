import jax
import jax.numpy as jnp

print(jax.grad(lambda m: jnp.cumsum(m)[-1])(jnp.ones((2, 3))))
print(jax.grad(lambda m: jnp.cumsum(m, axis=0)[-1, -1])(jnp.ones((2, 3))))
