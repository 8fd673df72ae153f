import jax.numpy as jnp

squares = jnp.zeros(4)
for i in range(4):
    squares[i] = i * i  # expect: JXE080
print(squares)
