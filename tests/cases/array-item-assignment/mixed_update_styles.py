import jax.numpy as jnp

x = jnp.zeros(5)
x = x.at[0].set(1.0)
for i in range(1, 5):
    x = x.at[i].set(x[i - 1] * 2.0)
x[4] += 1.0  # expect: JXE080
print(x)
