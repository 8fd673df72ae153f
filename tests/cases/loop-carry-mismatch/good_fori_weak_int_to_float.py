from jax import lax

# The weak int 0 is promoted to float32 and the body traced again: no error.
print(lax.fori_loop(0, 3, lambda i, c: c + 1.5, 0))
