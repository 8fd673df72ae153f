"""Rules about pytrees that must share a structure: `jax.tree.map`'s trees, vmap's axes."""
