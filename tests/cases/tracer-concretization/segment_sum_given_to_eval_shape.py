import jax
import jax.numpy as jnp

data = jnp.ones((5, 2))
segments = jnp.array([0, 0, 1, 1, 2])
print(jax.eval_shape(jax.ops.segment_sum, data, segments, 3))  # expect: JXE071
