import jax
import jax.numpy as jnp

tree = [jnp.ones(2)]
for step in range(2):
    tree = [tree]  # one level deeper on each pass: [[[leaf]]] after the loop
mix = jax.tree_util.tree_map(lambda p, q: p + q, [[[1.0]]], tree)
print(mix)
