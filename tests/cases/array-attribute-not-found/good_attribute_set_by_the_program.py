import jax.numpy as jnp

# JAX arrays take new attributes; a name the program sets first reads back.
scores = jnp.ones(3)
scores.label = "validation"
print(scores.label)
