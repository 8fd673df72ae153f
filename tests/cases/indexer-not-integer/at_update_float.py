import jax.numpy as jnp

hist = jnp.zeros(10)
bucket = 3.0
hist = hist.at[bucket].add(1.0)  # expect: JXE123
print(hist)
