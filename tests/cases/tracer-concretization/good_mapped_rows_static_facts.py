import jax.numpy as jnp
from jax import lax

SCALE = 3
rows = jnp.ones((4, 5))


def normalise(row):
    return row * int(SCALE) / row.shape[0]


def accumulate(total, row):
    return total + jnp.arange(row.shape[0]).sum() * row.sum(), total


def from_tree(tree):
    return tree["w"] * 2


print(lax.map(normalise, rows))
print(lax.scan(accumulate, 0.0, rows))
print(lax.map(from_tree, {"w": jnp.ones(3)}))
