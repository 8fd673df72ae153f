import jax

print(jax.tree.map(lambda x: x + 1, {1: 7, "y": 42}))  # expect: JXE146
