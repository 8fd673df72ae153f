import jax.numpy as jnp

batch = jnp.arange(12.0).reshape(3, 4)
centered = batch - jnp.mean(batch, axis=0, keepdim=True)  # expect: JXE169
print(centered)
