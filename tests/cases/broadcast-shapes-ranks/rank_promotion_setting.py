# case: static — the file sets jax_numpy_rank_promotion, which changes the error
import jax
import jax.numpy as jnp

jax.config.update("jax_numpy_rank_promotion", "raise")
print(jnp.ones((2, 3)) + jnp.ones(4))
