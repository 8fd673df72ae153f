from jax import random

key = random.PRNGKey(0.0)  # expect: JXE133
print(random.uniform(key))
