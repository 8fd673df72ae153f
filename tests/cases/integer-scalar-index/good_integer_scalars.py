import jax.numpy as jnp
import numpy as np

names = ["cat", "dog", "bird"]
scores = jnp.array([0.1, 0.7, 0.2])
print(names[jnp.argmax(scores)], names[int(jnp.argmax(scores) / 1)], names[jnp.array(1)])
print(names[jnp.array(0):jnp.array(2)], list(range(jnp.array(3))))
print(scores[jnp.array([0, 1])], np.arange(3)[np.array([1])])
table = {"a": 1}
print(table["a"])
