import jax.numpy as jnp

x = jnp.zeros(3)
y = x.at[0].set(1.0)
y[1] = 2.0  # expect: JXE080
print(y)
