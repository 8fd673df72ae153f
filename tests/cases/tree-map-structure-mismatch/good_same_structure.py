import jax
import jax.numpy as jnp

params = {"w": jnp.ones(3), "b": jnp.zeros(())}
grads = jax.grad(lambda p: jnp.sum(p["w"]) + p["b"])(params)
print(jax.tree.map(lambda p, g: p - 0.1 * g, params, grads))
