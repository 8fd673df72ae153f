import jax  # noqa: F401 (the fix writes jax.nn.softmax)
import jax.numpy as jnp

logits = jnp.arange(6.0).reshape(2, 3)
probabilities = jnp.softmax(logits, axis=-1)  # expect: JXE174
print(probabilities)
