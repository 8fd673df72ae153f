"""Rules: gradient refs: `jax.vjp(...).with_refs`, Refs read as arrays or written under vmap."""
