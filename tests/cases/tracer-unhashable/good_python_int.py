import jax.numpy as jnp

names = {0: "cat", 1: "dog"}
label = jnp.argmax(jnp.array([0.2, 0.8]))
print(names[int(label)])
