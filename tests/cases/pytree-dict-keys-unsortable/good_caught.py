import jax

try:
    jax.tree.leaves({1: 7, "y": 42})
except ValueError as error:
    print("not a pytree:", error)
