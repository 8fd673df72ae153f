import jax
import jax.numpy as jnp

logits = jnp.arange(6.0).reshape(2, 3)
print(jnp.softmax(logits, axis=-1))  # expect: JXE174
