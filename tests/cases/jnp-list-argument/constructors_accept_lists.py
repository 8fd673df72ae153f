import jax.numpy as jnp

a = jnp.array([1.0, 2.0])
b = jnp.asarray([3.0, 4.0])
print(jnp.stack([a, b]), jnp.concatenate([a, b]), jnp.vstack([a, b]), jnp.hstack((a, b)))
print(jnp.sum(jnp.array([1.0, 2.0])))
