import jax

# Keys of one kind each: tuples of ints compare, and so do strings.
grid = {(0, 1): 1.0, (1, 0): 2.0}
print(jax.tree.leaves(grid), jax.tree.leaves({"a": {"x": 1.0}, "b": [1.0, {"y": 2.0}]}))
