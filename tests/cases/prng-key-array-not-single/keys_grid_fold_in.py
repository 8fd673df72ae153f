from jax import random

grid = random.split(random.key(3), (2, 3))
print(random.fold_in(grid, 7))  # expect: JXE128
