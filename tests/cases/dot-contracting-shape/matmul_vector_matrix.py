import jax.numpy as jnp

v = jnp.ones(3)
m = jnp.eye(4)
print(jnp.matmul(v, m))  # expect: JXE103
