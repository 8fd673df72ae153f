import jax
import jax.numpy as jnp

grads = jax.grad(lambda u, v: jnp.sum(u * v), argnums=[0, 1])(jnp.ones(2), v=jnp.ones(2))  # expect: JXE024
print(grads)
