import jax
import jax.numpy as jnp

pairwise = lambda a, b: a - b  # noqa: E731
batched = jax.vmap(pairwise, in_axes=(0, 0))
print(batched(jnp.ones(5), jnp.ones(5)))
print(batched(jnp.ones(5), jnp.zeros(6)))  # expect: JXE094
