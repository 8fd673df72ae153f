import jax.numpy as jnp

scores = jnp.zeros((4, 10))
labels = jnp.ones(4)
print(jnp.subtract(scores, labels))  # expect: JXE102
