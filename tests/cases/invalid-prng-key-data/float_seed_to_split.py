from jax import random

seed = 2.5
print(random.split(seed))  # expect: JXE130
