import jax
import jax.numpy as jnp

labels = jnp.array([0, 2, 1])
encode = jax.jit(jax.nn.one_hot)
print(encode(labels, 4))  # expect: JXE071
