import jax
import jax.numpy as jnp

params = {"w": jnp.ones(3), "b": jnp.zeros(())}
grads = {"w": jnp.ones(3), "bias": jnp.zeros(())}
print(jax.tree.map(lambda p, g: p - 0.1 * g, params, grads))  # expect: JXE114
