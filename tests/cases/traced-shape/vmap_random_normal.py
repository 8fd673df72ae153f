import jax
import jax.numpy as jnp

key = jax.random.key(0)
draws = jax.vmap(lambda n: jax.random.normal(key, (n,)).sum())(jnp.arange(3))  # expect: JXE072
print(draws)
